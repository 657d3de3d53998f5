import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

async function fill(oldPin: string, newPin: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('Stari PIN'), oldPin);
  await userEvent.type(screen.getByLabelText('Novi PIN'), newPin);
  await userEvent.type(screen.getByLabelText('Potvrdi novi PIN'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Promijeni PIN' }));
}

describe('/nalog/promijeni-pin', () => {
  it('keeps to 4 digits and says when a PIN is incomplete', async () => {
    await renderAccount('/nalog/promijeni-pin');
    await fill('12a', '98765', '98');
    expect(screen.getByLabelText('Stari PIN')).toHaveValue('12');
    expect(screen.getByLabelText('Novi PIN')).toHaveValue('9876');
    expect(screen.getByLabelText('Stari PIN')).toHaveAccessibleDescription('PIN mora imati 4 cifre.');
    expect(screen.getByLabelText('Potvrdi novi PIN')).toHaveAccessibleDescription('PIN mora imati 4 cifre.');
    expect(server.calls).toHaveLength(0);
  });

  it("refuses new PINs that differ: 'Uneseni PIN-ovi se ne podudaraju'", async () => {
    await renderAccount('/nalog/promijeni-pin');
    await fill('1234', '5678', '5679');
    expect(screen.getByLabelText('Potvrdi novi PIN')).toHaveAccessibleDescription('Uneseni PIN-ovi se ne podudaraju');
    expect(server.calls).toHaveLength(0);
  });

  it("refuses a wrong old PIN: 'Uneseni PIN je netačan', and nothing is changed", async () => {
    server.on('POST', '/customer/change-pin', {
      status: 400,
      data: { message: 'Uneseni PIN je netačan', code: 'WRONG_PIN' },
    });
    const router = await renderAccount('/nalog/promijeni-pin');
    await fill('1234', '5678', '5678');
    expect(await screen.findByText('Uneseni PIN je netačan')).toBeInTheDocument();
    expect(screen.getByLabelText('Stari PIN')).toHaveAccessibleDescription('Uneseni PIN je netačan');
    expect(server.callsTo('POST', '/customer/change-pin')[0]?.body).toEqual({ oldPin: '1234', newPin: '5678' });
    expect(router.location.pathname).toBe('/nalog/promijeni-pin');
  });

  it('shows the lockout message while the PIN check is locked', async () => {
    server.on('POST', '/customer/change-pin', {
      status: 429,
      data: { message: 'Previše pogrešnih PIN-ova. Pokušaj ponovo za 15 min.', code: 'PIN_LOCKED' },
    });
    await renderAccount('/nalog/promijeni-pin');
    await fill('1234', '5678', '5678');
    expect(await screen.findByText('Previše pogrešnih PIN-ova. Pokušaj ponovo za 15 min.')).toBeInTheDocument();
  });

  it('sends the old PIN once: one call for one change, so it counts once against the lock', async () => {
    server.on('POST', '/customer/change-pin', { status: 200, data: {} });
    await renderAccount('/nalog/promijeni-pin');
    await fill('1234', '5678', '5678');
    expect(await screen.findByRole('heading', { name: 'PIN je promijenjen' })).toBeInTheDocument();
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /customer/change-pin']);
  });

  it('tells a failure that is not about the PIN apart by its code: the form says the PIN is unchanged', async () => {
    server.on('POST', '/customer/change-pin', {
      status: 400,
      data: { message: 'Neispravan zahtjev', code: 'BAD_REQUEST' },
    });
    await renderAccount('/nalog/promijeni-pin');
    await fill('1234', '5678', '5678');
    expect(await screen.findByRole('alert')).toHaveTextContent('PIN nije promijenjen. Pokušaj ponovo.');
    expect(screen.getByLabelText('Stari PIN')).not.toHaveAccessibleDescription('Uneseni PIN je netačan');
  });

  it('changes the PIN and shows the success page', async () => {
    server.on('POST', '/customer/change-pin', { status: 200, data: {} });
    const router = await renderAccount('/nalog/promijeni-pin');
    await fill('1234', '5678', '5678');
    expect(await screen.findByRole('heading', { name: 'PIN je promijenjen' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog/promijeni-pin/uspjesno');
    expect(server.callsTo('POST', '/customer/change-pin')[0]?.body).toEqual({ oldPin: '1234', newPin: '5678' });
  });
});
