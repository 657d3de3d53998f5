import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  configureSandboxPayments,
  fakeApi,
  fakeProcessor,
  savedCard,
  signInDemo,
  type FakeApi,
  TestProviders,
} from '@portal/shared/testing';
import { PayDialog } from './PayDialog';
import { createOrder } from './calls';

const card = savedCard;

let server: FakeApi;
beforeEach(() => {
  configureSandboxPayments();
  signInDemo();
  server = fakeApi().on('POST', '/ontv-payments/new-account/order', {
    status: 200,
    data: {
      orderNumber: '2026-000001',
      paymentSecret: 'pi_7_secret_y',
      panToken: 'pm_1',
      card,
      orderInfo: { orderInfo: 'MaxON 21.11.2026. – 20.12.2026.', amount: 24.9 },
    },
  });
});

async function openDialog() {
  const onResult = jest.fn<(paid: boolean) => void>();
  await act(async () => {
    render(
      <PayDialog
        card={card}
        amount={24.9}
        placeOrder={(key) => createOrder({ planId: 'maxon', amount: 24.9, cardCode: card.code, idempotencyKey: key })}
        onResult={onResult}
        onClose={() => undefined}
      />,
      { wrapper: TestProviders },
    );
  });
  const dialog = within(screen.getByRole('dialog', { name: 'Sigurnosni kod kartice' }));
  await dialog.findByLabelText('Sigurnosni kod (CVC)');
  return { dialog, onResult };
}

describe('the security-code dialog', () => {
  it("enables 'Plati' only with a 3 or 4 digit code and shows the card and the amount", async () => {
    fakeProcessor([]);
    const { dialog } = await openDialog();
    expect(dialog.getByText('**** **** **** 4242')).toBeInTheDocument();
    const pay = dialog.getByRole('button', { name: 'Plati 24,90 KM' });
    expect(pay).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Sigurnosni kod (CVC)'), '12');
    expect(pay).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Sigurnosni kod (CVC)'), '3');
    expect(pay).toBeEnabled();
    await userEvent.type(dialog.getByLabelText('Sigurnosni kod (CVC)'), '45');
    expect(dialog.getByLabelText('Sigurnosni kod (CVC)')).toHaveValue('1234');
    expect(pay).toBeEnabled();
    expect(server.calls).toEqual([]);
  });

  it('places one order with an idempotency key however often it is clicked, pays it with the code and reports success', async () => {
    const calls = fakeProcessor([{ status: 'succeeded' }]);
    const { dialog, onResult } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Sigurnosni kod (CVC)'), '123');
    const pay = dialog.getByRole('button', { name: 'Plati 24,90 KM' });
    await userEvent.dblClick(pay);
    await userEvent.keyboard('{Enter}');
    expect(onResult).toHaveBeenCalledWith(true);
    const orders = server.callsTo('POST', '/ontv-payments/new-account/order');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.body).toEqual({ creditCardId: card.code, amount: 24.9, ontvPlanId: 'maxon' });
    expect(orders[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls).toEqual([
      { url: '/sandbox-pay/v1/payment_intents/pi_7/confirm', body: { client_secret: 'pi_7_secret_y', cvc: '123' } },
    ]);
  });

  it('reports a declined payment as failed', async () => {
    fakeProcessor([{ status: 'failed', code: 'card_declined' }]);
    const { dialog, onResult } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 24,90 KM' }));
    expect(onResult).toHaveBeenCalledWith(false);
    expect(onResult).toHaveBeenCalledTimes(1);
  });

  it('reports failure when the order is refused, without touching the processor', async () => {
    const calls = fakeProcessor([]);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('POST', '/ontv-payments/new-account/order', {
      status: 409,
      data: { message: 'Cijena paketa se promijenila.' },
    });
    const { dialog, onResult } = await openDialog();
    await userEvent.type(dialog.getByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 24,90 KM' }));
    expect(onResult).toHaveBeenCalledWith(false);
    expect(calls).toEqual([]);
  });

  it('shows the 3-D Secure challenge and pays once it is approved', async () => {
    const calls = fakeProcessor([{ status: 'requires_action' }, { status: 'succeeded' }]);
    const approved = await openDialog();
    await userEvent.type(approved.dialog.getByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(approved.dialog.getByRole('button', { name: 'Plati 24,90 KM' }));
    await userEvent.click(await approved.dialog.findByRole('button', { name: 'Odobri' }));
    expect(approved.onResult).toHaveBeenCalledWith(true);
    expect(calls[1]).toEqual({
      url: '/sandbox-pay/v1/intents/pi_7/challenge',
      body: { client_secret: 'pi_7_secret_y', approve: true },
    });
  });

  it('fails the payment when the challenge is rejected', async () => {
    const calls = fakeProcessor([{ status: 'requires_action' }, { status: 'failed', code: 'authentication_failed' }]);
    const rejected = await openDialog();
    await userEvent.type(rejected.dialog.getByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(rejected.dialog.getByRole('button', { name: 'Plati 24,90 KM' }));
    await userEvent.click(await rejected.dialog.findByRole('button', { name: 'Odbij' }));
    expect(rejected.onResult).toHaveBeenCalledWith(false);
    expect(calls[1]?.body).toEqual({ client_secret: 'pi_7_secret_y', approve: false });
  });
});
