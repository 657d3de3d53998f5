import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  loadStripe,
  type Stripe,
  type StripeCardNumberElementChangeEvent,
  type StripeElementChangeEvent,
  type StripeElementLocale,
} from '@stripe/stripe-js';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Confirmations, Outcome, PaymentProvider } from './types';
import styles from './payments.module.css';
import { SANDBOX_TEXTS } from './texts';

/**
 * Serbian, as the specification asks (product.md §9). Stripe's typed locale list does not name `sr`; Stripe
 * shows a locale it does not support in English, so the portal's own labels around the fields stay Bosnian.
 */
const LOCALE = 'sr' as StripeElementLocale;

/** Stripe.js from Stripe's servers (the provider query, provider.ts, asks once per key). */
export const loadStripeJs = (publishableKey: string): Promise<Stripe | null> =>
  loadStripe(publishableKey, { locale: LOCALE as never });

const ELEMENT_OPTIONS = { style: { base: { fontSize: '16px', color: '#141629' }, invalid: { color: '#b3261e' } } };

function StripeField({
  label,
  children,
  error,
}: {
  label: string;
  children: (id: string) => ReactNode;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className={styles.stripeField}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <div className={styles.stripeBox}>{children(id)}</div>
      {error && (
        <span className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

type Part = 'number' | 'expiry' | 'cvc';
type ChangeEvent = StripeElementChangeEvent | StripeCardNumberElementChangeEvent;

/** Stripe Elements' number, expiry and CVC, in Serbian; valid when all three are complete without errors. */
function StripeCardFields({ onValidChange }: { onValidChange: (valid: boolean) => void }) {
  const [state, setState] = useState<Record<Part, { complete: boolean; error: string | null }>>({
    number: { complete: false, error: null },
    expiry: { complete: false, error: null },
    cvc: { complete: false, error: null },
  });
  const valid =
    state.number.complete &&
    state.expiry.complete &&
    state.cvc.complete &&
    !state.number.error &&
    !state.expiry.error &&
    !state.cvc.error;
  useEffect(() => onValidChange(valid), [valid]); // eslint-disable-line react-hooks/exhaustive-deps
  const track = (part: Part) => (event: ChangeEvent) =>
    setState((s) => ({ ...s, [part]: { complete: event.complete, error: event.error?.message ?? null } }));
  return (
    <div className={styles.cardFields}>
      <StripeField label={SANDBOX_TEXTS.number} error={state.number.error}>
        {(id) => (
          <CardNumberElement id={id} options={{ ...ELEMENT_OPTIONS, showIcon: true }} onChange={track('number')} />
        )}
      </StripeField>
      <div className={styles.pair}>
        <StripeField label={SANDBOX_TEXTS.expiryShort} error={state.expiry.error}>
          {(id) => <CardExpiryElement id={id} options={ELEMENT_OPTIONS} onChange={track('expiry')} />}
        </StripeField>
        <StripeField label={SANDBOX_TEXTS.cvc} error={state.cvc.error}>
          {(id) => <CardCvcElement id={id} options={ELEMENT_OPTIONS} onChange={track('cvc')} />}
        </StripeField>
      </div>
    </div>
  );
}

function StripeSecurityCode({ onValidChange }: { onValidChange: (valid: boolean) => void }) {
  const [state, setState] = useState({ complete: false, error: null as string | null });
  useEffect(() => onValidChange(state.complete && !state.error), [state]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <StripeField label={SANDBOX_TEXTS.securityCode} error={state.error}>
      {(id) => (
        <CardCvcElement
          id={id}
          options={ELEMENT_OPTIONS}
          onChange={(e) => setState({ complete: e.complete, error: e.error?.message ?? null })}
        />
      )}
    </StripeField>
  );
}

const failed = (error: { code?: string; decline_code?: string } | undefined): Outcome => ({
  status: 'failed',
  code: error?.decline_code ?? error?.code ?? 'unknown',
});

/**
 * Stripe as the portal's payment provider: Elements with locale `sr`; a new card is confirmed on its
 * SetupIntent with the card-holder data, an order on its PaymentIntent with the saved card and the
 * CVC. Stripe runs a 3-D Secure challenge itself, so no challenge outcome reaches the dialog.
 */
export function createStripeProvider(stripe: Promise<Stripe | null> | Stripe): PaymentProvider {
  function Scope({ children }: { children: ReactNode }) {
    return (
      <Elements stripe={stripe} options={{ locale: LOCALE }}>
        {children}
      </Elements>
    );
  }

  function useConfirm() {
    const client = useStripe();
    const elements = useElements();
    return {
      async confirmSetup(secret: string, holder: Parameters<Confirmations['confirmSetup']>[1]): Promise<Outcome> {
        const card = elements?.getElement(CardNumberElement);
        if (!client || !card) return { status: 'failed', code: 'not_ready' };
        const result = await client.confirmCardSetup(secret, {
          payment_method: {
            card,
            billing_details: {
              name: holder.fullName,
              email: holder.email,
              phone: holder.phone,
              address: { line1: holder.address, city: holder.city, postal_code: holder.zip, country: holder.country },
            },
          },
        });
        return result.error ? failed(result.error) : { status: 'succeeded' };
      },
      async confirmPayment(secret: string, input: Parameters<Confirmations['confirmPayment']>[1]): Promise<Outcome> {
        const cvc = elements?.getElement(CardCvcElement);
        if (!client || !cvc) return { status: 'failed', code: 'not_ready' };
        const result = await client.confirmCardPayment(secret, {
          payment_method: input.panToken,
          payment_method_options: { card: { cvc } },
          ...(input.card.email ? { receipt_email: input.card.email } : {}),
        });
        return result.error ? failed(result.error) : { status: 'succeeded' };
      },
    };
  }

  return { Scope, CardFields: StripeCardFields, SecurityCodeField: StripeSecurityCode, useConfirm };
}
