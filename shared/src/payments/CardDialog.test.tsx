import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePaymentData } from '@portal/shared';
import {
  configureSandboxPayments,
  fakeApi,
  fakeProcessor,
  savedCard,
  signInDemo,
  TestProviders,
} from '@portal/shared/testing';
import { CardDialog, useCardDialog } from './CardDialog';
import { COUNTRY_CODES } from './countries';

async function openDialog() {
  configureSandboxPayments();
  signInDemo();
  const server = fakeApi()
    .on('POST', '/credit-card', {
      status: 200,
      data: {
        code: 'c0ffee00-0000-4000-8000-000000000001',
        paymentSecret: 'seti_1_secret_x',
        card: null,
        orderInfo: { orderInfo: 'Verifikacija kartice', amount: 0.1 },
      },
    })
    .on('PATCH', '/credit-card/c0ffee00-0000-4000-8000-000000000001', {
      status: 200,
      data: { code: 'c0ffee00-0000-4000-8000-000000000001' },
    });
  const onClose = jest.fn();
  await act(async () => {
    render(<CardDialog onClose={onClose} />, { wrapper: TestProviders });
  });
  return { server, onClose, dialog: within(screen.getByRole('dialog', { name: 'Dodaj karticu' })) };
}

async function fillHolder(dialog: ReturnType<typeof within>) {
  await userEvent.type(dialog.getByLabelText('Ulica i broj'), 'Titova 1');
  await userEvent.type(dialog.getByLabelText('Grad'), 'Sarajevo');
  await userEvent.type(dialog.getByLabelText('Poštanski broj'), '71000');
}

async function fillCard(dialog: ReturnType<typeof within>, number: string, expiry = '1230', cvc = '123') {
  await userEvent.type(await dialog.findByLabelText('Broj kartice'), number);
  await userEvent.type(dialog.getByLabelText('Datum isteka (MM/GG)'), expiry);
  await userEvent.type(dialog.getByLabelText('CVC'), cvc);
}

describe('the card dialog', () => {
  it('checks the card-holder form with the specification messages before sending anything', async () => {
    const { server, dialog } = await openDialog();
    expect(dialog.getByText('Korak 1 od 4')).toBeInTheDocument();
    expect(dialog.getByLabelText('Ime i prezime')).toHaveValue('Amra Hodžić');
    expect(dialog.getByLabelText('Broj telefona')).toHaveValue('+38761000001');
    expect(dialog.getByLabelText('Država')).toHaveValue('BA');
    await userEvent.clear(dialog.getByLabelText('Broj telefona'));
    await userEvent.type(dialog.getByLabelText('Broj telefona'), '12345');
    await userEvent.clear(dialog.getByLabelText('E-mail'));
    await userEvent.type(dialog.getByLabelText('E-mail'), 'amra@');
    await userEvent.click(dialog.getByRole('button', { name: 'Nastavi' }));
    for (const message of [
      'Molimo unesite ispravnu ulicu',
      'Molimo unesite ispravan grad',
      'Molimo unesite ispravan poštanski broj',
      'Molimo unesite ispravan e-mail',
      'Molimo unesite ispravan broj telefona',
    ]) {
      expect(dialog.getByText(message)).toBeInTheDocument();
    }
    expect(dialog.queryByText('Molimo unesite ispravno ime i prezime')).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('offers about 240 countries by code', async () => {
    const { dialog } = await openDialog();
    const options = within(dialog.getByLabelText('Država')).getAllByRole('option');
    expect(options.length).toBe(COUNTRY_CODES.length);
    expect(options.length).toBeGreaterThanOrEqual(240);
    expect(options[0]).toHaveValue('BA');
  });

  it('saves a card: holder data to the API, the card only to the processor, then Čestitamo', async () => {
    const calls = fakeProcessor([{ status: 'succeeded' }]);
    const { server, dialog, onClose } = await openDialog();
    await fillHolder(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Nastavi' }));
    expect(await dialog.findByText('Korak 2 od 4')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/credit-card/c0ffee00-0000-4000-8000-000000000001')[0]?.body).toEqual({
      fullName: 'Amra Hodžić',
      address: 'Titova 1',
      city: 'Sarajevo',
      zip: '71000',
      country: 'BA',
      email: 'demo@ontv.ba',
      phone: '+38761000001',
    });
    expect(dialog.getByText(/rezervisaćemo 0,10 KM/)).toBeInTheDocument();

    const save = dialog.getByRole('button', { name: 'Sačuvaj karticu' });
    await fillCard(dialog, '4242424242424241');
    expect(save).toBeDisabled(); // Luhn fails
    await userEvent.clear(dialog.getByLabelText('Broj kartice'));
    await userEvent.type(dialog.getByLabelText('Broj kartice'), '4242424242424242');
    expect(save).toBeEnabled();
    await userEvent.clear(dialog.getByLabelText('CVC'));
    await userEvent.type(dialog.getByLabelText('CVC'), '12');
    expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('CVC'), '3');
    await userEvent.clear(dialog.getByLabelText('Datum isteka (MM/GG)'));
    await userEvent.type(dialog.getByLabelText('Datum isteka (MM/GG)'), '0120');
    expect(save).toBeDisabled(); // in the past
    await userEvent.clear(dialog.getByLabelText('Datum isteka (MM/GG)'));
    await userEvent.type(dialog.getByLabelText('Datum isteka (MM/GG)'), '1230');
    await userEvent.click(save);

    expect(await dialog.findByRole('heading', { name: 'Čestitamo' })).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: '/sandbox-pay/v1/setup_intents/seti_1/confirm',
        body: {
          client_secret: 'seti_1_secret_x',
          card: { number: '4242424242424242', exp_month: 12, exp_year: 30, cvc: '123' },
        },
      },
    ]);
    expect(JSON.stringify(server.calls)).not.toContain('4242424242424242');
    await userEvent.click(dialog.getAllByRole('button', { name: 'Zatvori' }).at(-1)!);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows Greška with the catalogue text for a declined card', async () => {
    fakeProcessor([{ status: 'failed', code: 'card_declined' }]);
    const opened = await openDialog();
    await fillHolder(opened.dialog);
    await userEvent.click(opened.dialog.getByRole('button', { name: 'Nastavi' }));
    await fillCard(opened.dialog, '4000000000000002');
    await userEvent.click(opened.dialog.getByRole('button', { name: 'Sačuvaj karticu' }));
    expect(await opened.dialog.findByRole('heading', { name: 'Greška' })).toBeInTheDocument();
    expect(
      opened.dialog.getByText('Dogodila se greška prilikom unosa kartice. Molimo pokušaj ponovo...'),
    ).toBeInTheDocument();
    expect(opened.dialog.getByText('Korak 4 od 4')).toBeInTheDocument();
  });

  it('asks for the 3-D Secure challenge and saves the card once it is approved', async () => {
    const calls = fakeProcessor([{ status: 'requires_action' }, { status: 'succeeded' }]);
    const opened = await openDialog();
    await fillHolder(opened.dialog);
    await userEvent.click(opened.dialog.getByRole('button', { name: 'Nastavi' }));
    await fillCard(opened.dialog, '4000000000003220');
    await userEvent.click(opened.dialog.getByRole('button', { name: 'Sačuvaj karticu' }));
    await userEvent.click(await opened.dialog.findByRole('button', { name: 'Odobri' }));
    expect(await opened.dialog.findByRole('heading', { name: 'Čestitamo' })).toBeInTheDocument();
    expect(calls[1]).toEqual({
      url: '/sandbox-pay/v1/intents/seti_1/challenge',
      body: { client_secret: 'seti_1_secret_x', approve: true },
    });
  });
});

describe("the card dialog and the page's card lists", () => {
  function CardsProbe() {
    const payment = usePaymentData();
    const cardDialog = useCardDialog();
    return (
      <>
        <p>{payment.isSuccess ? `Kartica: ${payment.data.creditCards.length}` : 'Učitavanje'}</p>
        <button onClick={cardDialog.open}>Nova kartica</button>
        {cardDialog.dialog}
      </>
    );
  }

  it("asks for the customer's cards again when it closes, without the page reloading them", async () => {
    signInDemo();
    const server = fakeApi().on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [], mbons: [] } });
    render(<CardsProbe />, { wrapper: TestProviders });
    expect(await screen.findByText('Kartica: 0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nova kartica' }));
    // The card was saved while the dialog was open (here, by another tab).
    server.on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [savedCard], mbons: [] } });
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Dodaj karticu' })).getByRole('button', { name: 'Zatvori' }),
    );
    expect(await screen.findByText('Kartica: 1')).toBeInTheDocument();
    expect(server.callsTo('GET', '/customer/payment-data')).toHaveLength(2);
  });
});
