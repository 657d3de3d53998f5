import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { accountInfo, logIn, renderAccount, signedInDevice } from '../testing';

const THIS = signedInDevice();
const PHONE = signedInDevice({
  id: '22222222-2222-4222-8222-222222222222',
  type: 'PHONE',
  name: 'Samsung Galaxy A54',
  current: false,
});
const TV = signedInDevice({
  id: '33333333-3333-4333-8333-333333333333',
  type: 'TV',
  name: 'Android TV (dnevni boravak)',
  current: false,
});

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
  server.on('GET', '/ontv/accountInfo', {
    status: 200,
    data: accountInfo({ plan: { code: 'starton', name: 'StartON', price: 14.9 } }),
  });
});

describe('/nalog/uredjaji', () => {
  it('lists the devices, this one marked and without a sign-out button, and says how many the package allows', async () => {
    server.on('GET', '/customer/devices', { status: 200, data: [THIS, PHONE, TV] });
    await renderAccount('/nalog/uredjaji');
    const list = await screen.findByRole('list', { name: 'Uređaji' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Ovaj uređaj');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Telefon ili tablet');
    expect(items[2]).toHaveTextContent('TV');
    expect(await screen.findByText('Paket StartON dozvoljava gledanje na 2 uređaja istovremeno.')).toBeInTheDocument();
  });

  it('signs one device out after the confirm dialog, and cancelling sends nothing', async () => {
    server.on('GET', '/customer/devices', { status: 200, data: [THIS, PHONE, TV] });
    server.on('DELETE', `/customer/devices/${PHONE.id}`, { status: 200, data: [THIS, TV] });
    await renderAccount('/nalog/uredjaji');
    await userEvent.click(await screen.findByRole('button', { name: 'Odjavi: Samsung Galaxy A54' }));
    expect(screen.getByRole('dialog', { name: 'Odjaviti uređaj Samsung Galaxy A54?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Odustani' }));
    expect(server.callsTo('DELETE', `/customer/devices/${PHONE.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Odjavi: Samsung Galaxy A54' }));
    await userEvent.click(screen.getByRole('button', { name: 'Da, odjavi' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Samsung Galaxy A54')).toBeNull();
    expect(server.callsTo('DELETE', `/customer/devices/${PHONE.id}`)).toHaveLength(1);
  });

  it("signs all other devices out, and shows the server's message when it cannot", async () => {
    server.on('GET', '/customer/devices', { status: 200, data: [THIS, PHONE, TV] });
    server.on('POST', '/customer/devices/sign-out-others', {
      status: 503,
      data: { message: 'Servis trenutno nije dostupan.' },
    });
    await renderAccount('/nalog/uredjaji');
    await userEvent.click(await screen.findByRole('button', { name: 'Odjavi sve ostale uređaje' }));
    await userEvent.click(screen.getByRole('button', { name: 'Da, odjavi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Servis trenutno nije dostupan.');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    server.on('POST', '/customer/devices/sign-out-others', { status: 200, data: [THIS] });
    await userEvent.click(screen.getByRole('button', { name: 'Odjavi sve ostale uređaje' }));
    await userEvent.click(screen.getByRole('button', { name: 'Da, odjavi' }));
    expect(await screen.findByText('Ovaj uređaj')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Odjavi sve ostale uređaje' })).toBeNull();
  });

  it('says when the devices cannot be loaded, with a retry', async () => {
    server.on('GET', '/customer/devices', { status: 500, data: {} });
    await renderAccount('/nalog/uredjaji');
    expect(await screen.findByText('Uređaje trenutno nije moguće učitati.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokušaj ponovo' })).toBeInTheDocument();
  });
});
