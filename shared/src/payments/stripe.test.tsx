import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { Stripe } from '@stripe/stripe-js';
import { createStripeProvider } from './stripe';
import type { ReactNode } from 'react';
import type { Confirmations, PaymentProvider } from './provider';

/** A mocked Stripe object, shaped the way react-stripe-js's own tests mock it. */
function mockStripe() {
  const handlers = new Map<string, (event: unknown) => void>();
  const makeElement = (type: string) => ({
    mount: jest.fn(),
    destroy: jest.fn(),
    update: jest.fn(),
    on: jest.fn((event: string, handler: (event: unknown) => void) => {
      if (event === 'change') handlers.set(type, handler);
    }),
    off: jest.fn(),
  });
  const created = new Map<string, ReturnType<typeof makeElement>>();
  const elements = {
    create: jest.fn((type: string) => {
      const element = makeElement(type);
      created.set(type, element);
      return element;
    }),
    getElement: jest.fn(
      (component: { __elementType?: string } | string) =>
        created.get(typeof component === 'string' ? component : (component.__elementType ?? '')) ?? null,
    ),
    update: jest.fn(),
  };
  const stripe = {
    elements: jest.fn((_options?: unknown) => elements),
    createToken: jest.fn(),
    createSource: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardSetup: jest.fn(async (_secret: string, _data: unknown) => ({ setupIntent: { status: 'succeeded' } })),
    confirmCardPayment: jest.fn(async (_secret: string, _data: unknown) => ({
      error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    })),
    registerAppInfo: jest.fn(),
    _registerWrapper: jest.fn(),
  };
  const change = (type: string, event: { complete: boolean; error?: { message: string } }) =>
    act(() => handlers.get(type)?.({ elementType: type, empty: false, ...event }));
  return { stripe, elements, created, change };
}

/** Renders the provider's scope around the fields under test and a probe that keeps its confirmations. */
async function renderProvider(
  stripe: ReturnType<typeof mockStripe>['stripe'],
  fields: (provider: PaymentProvider) => ReactNode,
) {
  const provider = createStripeProvider(stripe as unknown as Stripe);
  const confirmations: { current: Confirmations | null } = { current: null };
  function Probe() {
    confirmations.current = provider.useConfirm();
    return null;
  }
  await act(async () => {
    render(
      <provider.Scope>
        {fields(provider)}
        <Probe />
      </provider.Scope>,
    );
  });
  return () => confirmations.current!;
}

describe('the Stripe provider', () => {
  it('uses Elements in Serbian, enables saving only when number, expiry and CVC are complete, and confirms the SetupIntent with the holder data', async () => {
    const { stripe, elements, change, created } = mockStripe();
    const onValid = jest.fn();
    const confirm = await renderProvider(stripe, (provider) => <provider.CardFields onValidChange={onValid} />);
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'sr' }));
    expect(elements.create.mock.calls.map(([type]) => type)).toEqual(['cardNumber', 'cardExpiry', 'cardCvc']);
    expect(screen.getByText('Broj kartice')).toBeInTheDocument();

    change('cardNumber', { complete: true });
    change('cardExpiry', { complete: true });
    expect(onValid).toHaveBeenLastCalledWith(false);
    change('cardCvc', { complete: true });
    expect(onValid).toHaveBeenLastCalledWith(true);
    change('cardNumber', { complete: false, error: { message: 'Broj kartice nije potpun.' } });
    expect(onValid).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Broj kartice nije potpun.');

    const holder = {
      fullName: 'Amra Hodžić',
      address: 'Titova 1',
      city: 'Sarajevo',
      zip: '71000',
      country: 'BA',
      email: 'amra@example.ba',
      phone: '061123456',
    };
    await expect(confirm().confirmSetup('seti_1_secret_x', holder)).resolves.toEqual({ status: 'succeeded' });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', {
      payment_method: {
        card: created.get('cardNumber'),
        billing_details: {
          name: 'Amra Hodžić',
          email: 'amra@example.ba',
          phone: '061123456',
          address: { line1: 'Titova 1', city: 'Sarajevo', postal_code: '71000', country: 'BA' },
        },
      },
    });
  });

  it('pays an order with the saved card and the CVC element, and reports a decline with its code', async () => {
    const { stripe, created, change } = mockStripe();
    const onValid = jest.fn();
    const confirm = await renderProvider(stripe, (provider) => <provider.SecurityCodeField onValidChange={onValid} />);
    change('cardCvc', { complete: true });
    expect(onValid).toHaveBeenLastCalledWith(true);
    const card = {
      code: 'c1',
      primaryCard: true,
      creditCardTypeCode: 'visa' as const,
      cardNumber: '**** **** **** 4242',
      fullName: null,
      address: null,
      city: null,
      zip: null,
      phone: null,
      country: null,
      email: 'amra@example.ba',
      expirationDateMm: 12,
      expirationDateYy: 30,
    };
    const outcome = await confirm().confirmPayment('pi_1_secret_x', {
      card,
      panToken: 'pm_1',
      order: { orderInfo: 'MaxON', amount: 24.9 },
    });
    expect(outcome).toEqual({ status: 'failed', code: 'insufficient_funds' });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: 'pm_1',
      payment_method_options: { card: { cvc: created.get('cardCvc') } },
      receipt_email: 'amra@example.ba',
    });
  });
});
