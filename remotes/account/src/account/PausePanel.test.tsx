import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { accountInfo, answerAccount, logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

const myPackage = () => within(screen.getByRole('heading', { name: 'Moj paket' }).closest('section')!);

describe("account page: 'Pauziraj pretplatu' (product.md §10, A pause)", () => {
  it('asks for a pause of the chosen length and shows it until it starts', async () => {
    answerAccount(server, accountInfo({ nextPaymentOn: '2099-01-15' }));
    const paused = accountInfo({
      nextPaymentOn: '2099-03-15',
      pause: { from: '2099-01-15', until: '2099-03-15', running: false },
    });
    server.on('POST', '/ontv/pause', () => {
      server.on('GET', '/ontv/accountInfo', { status: 200, data: paused });
      return { status: 200, data: { status: 'ACTIVE', nextPaymentOn: '2099-03-15' } };
    });
    await renderAccount('/nalog');
    await userEvent.click(await myPackage().findByRole('button', { name: 'Pauziraj pretplatu' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/Pauza počinje 15\.1\.2099\., kada ističe plaćeni period/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: '2 mjeseca' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Potvrdi pauzu' }));
    expect(await myPackage().findByText('Pretplata će biti pauzirana od 15.1.2099. do 15.3.2099.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/ontv/pause')[0]!.body).toEqual({ months: 2 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(myPackage().getByText('15.1.2099.')).toBeInTheDocument(); // 'Važi do': the paid period's end
    expect(myPackage().getByRole('button', { name: 'Otkaži pauzu' })).toBeInTheDocument();
  });

  it("shows the API's refusal in the dialog", async () => {
    answerAccount(server, accountInfo());
    server.on('POST', '/ontv/pause', {
      status: 409,
      data: {
        code: 'PAUSE_ONCE_A_YEAR',
        message: 'Pauza je moguća jednom u 12 mjeseci: sljedeća može početi od 1.2.2099.',
      },
    });
    await renderAccount('/nalog');
    await userEvent.click(await myPackage().findByRole('button', { name: 'Pauziraj pretplatu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi pauzu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('sljedeća može početi od 1.2.2099.');
    expect(server.callsTo('POST', '/ontv/pause')[0]!.body).toEqual({ months: 1 });
  });

  it("while paused: PAUZIRANA, until when, and 'Nastavi pretplatu' that resumes", async () => {
    answerAccount(
      server,
      accountInfo({
        status: 'PAUSED',
        nextPaymentOn: '2099-03-15',
        pause: { from: '2099-01-15', until: '2099-03-15', running: true },
      }),
    );
    server.on('POST', '/ontv/resume', () => {
      server.on('GET', '/ontv/accountInfo', { status: 200, data: accountInfo({ nextPaymentOn: '2099-02-20' }) });
      return { status: 200, data: { status: 'ACTIVE', nextPaymentOn: '2099-02-20' } };
    });
    await renderAccount('/nalog');
    expect(await myPackage().findByText('PAUZIRANA')).toBeInTheDocument();
    expect(myPackage().getByText('Pretplata je pauzirana do 15.3.2099.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Deaktiviraj pretplatu' })).toBeNull();
    await userEvent.click(myPackage().getByRole('button', { name: 'Nastavi pretplatu' }));
    expect(await myPackage().findByText('AKTIVNA')).toBeInTheDocument();
    expect(myPackage().queryByText(/pauzirana/)).toBeNull();
    expect(server.callsTo('POST', '/ontv/resume')).toHaveLength(1);
  });

  it('offers no pause in a promo or while a renewal is failing', async () => {
    answerAccount(
      server,
      accountInfo({
        promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }],
      }),
    );
    await renderAccount('/nalog');
    await myPackage().findByText('AKTIVNA');
    expect(myPackage().queryByRole('button', { name: 'Pauziraj pretplatu' })).toBeNull();
  });
});
