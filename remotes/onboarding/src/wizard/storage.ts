import { saleRefOf, session, type RegistrationType } from '@portal/shared';

/**
 * The wizards' state in session storage under the product prefix (product.md §1, §3, §4). The registration
 * password is the exception: it stays in this module's memory only and is gone after a reload.
 */
const KEYS = {
  registrationStep: 'registration_step',
  registrationUsername: 'registration_username',
  registrationType: 'registration_type',
  registrationGuid: 'registration_guid',
  registrationPin: 'registration_pin',
  forgotStep: 'forgot_password_step',
  forgotType: 'forgot_password_registration_type',
  forgotUsername: 'forgot_password_username',
  forgotUserId: 'forgot_password_user_id',
  saleRef: 'sale_ref',
} as const;

let registrationPassword: string | null = null;

const readStep = (key: string) => {
  const step = Number(session.get(key));
  return Number.isInteger(step) && step > 0 ? step : 0;
};
const readType = (key: string): RegistrationType | null => {
  const value = session.get(key);
  return value === 'PHONE_NUMBER' || value === 'EMAIL' ? value : null;
};

export const registration = {
  step: () => readStep(KEYS.registrationStep),
  setStep: (step: number) => session.set(KEYS.registrationStep, String(step)),
  /** Leaving the start page: a fresh registration at step 1 (product.md §4, Wizards). */
  reset() {
    for (const key of [KEYS.registrationUsername, KEYS.registrationType, KEYS.registrationGuid, KEYS.registrationPin])
      session.remove(key);
    registrationPassword = null;
    session.set(KEYS.registrationStep, '1');
  },
  started(type: RegistrationType, username: string, guid: string) {
    session.set(KEYS.registrationType, type);
    session.set(KEYS.registrationUsername, username);
    session.set(KEYS.registrationGuid, guid);
  },
  type: () => readType(KEYS.registrationType),
  username: () => session.get(KEYS.registrationUsername),
  guid: () => session.get(KEYS.registrationGuid),
  pin: () => session.get(KEYS.registrationPin),
  setPin: (pin: string) => session.set(KEYS.registrationPin, pin),
  password: () => registrationPassword,
  setPassword: (password: string | null) => {
    registrationPassword = password;
  },
};

export const forgotPassword = {
  step: () => readStep(KEYS.forgotStep),
  setStep: (step: number) => session.set(KEYS.forgotStep, String(step)),
  reset() {
    for (const key of [KEYS.forgotType, KEYS.forgotUsername, KEYS.forgotUserId]) session.remove(key);
    session.set(KEYS.forgotStep, '1');
  },
  started(type: RegistrationType, username: string, id: string) {
    session.set(KEYS.forgotType, type);
    session.set(KEYS.forgotUsername, username);
    session.set(KEYS.forgotUserId, id);
  },
  type: () => readType(KEYS.forgotType),
  username: () => session.get(KEYS.forgotUsername),
  id: () => session.get(KEYS.forgotUserId),
  clear() {
    for (const key of [KEYS.forgotType, KEYS.forgotUsername, KEYS.forgotUserId, KEYS.forgotStep]) session.remove(key);
  },
};

/**
 * Where this tab's subscription was sold from (product.md §10: the widget's `ref`, from
 * `/pretplati-se?ref=`): kept through a login, sent with the order or promo, forgotten once subscribed.
 */
export const saleRef = {
  get: (): string | null => session.get(KEYS.saleRef),
  remember(ref: string | null) {
    const value = saleRefOf(ref);
    if (value) session.set(KEYS.saleRef, value);
  },
  forget: () => session.remove(KEYS.saleRef),
};
