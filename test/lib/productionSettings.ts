/**
 * A production server's settings, each real: its database (the embedded one, chosen: a test on PostgreSQL
 * sets its URL), the card processor, its keys, the public address, SMTP and the operator.
 */
export const PRODUCTION_SETTINGS: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  DATABASE_URL: 'embedded',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_settings',
  STRIPE_WEBHOOK_SECRET: 'whsec_settings',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_settings',
  // Stripe is not asked whether these keys are real (a start checks STRIPE_SECRET_KEY there): nothing listens.
  STRIPE_API_URL: 'http://127.0.0.1:9',
  JWT_SECRET: 'p'.repeat(40),
  SEALING_KEYS: `k1:${'s'.repeat(40)}`,
  PUBLIC_URL: 'https://portal.example.ba',
  SMTP_URL: 'smtp://portal:secret@mail.example.ba:587',
  MAIL_FROM: 'ON TV <no-reply@example.ba>',
  OPERATOR_NAME: 'Primjer TV d.o.o. Mostar',
  OPERATOR_ADDRESS: 'Kralja Tvrtka 1, 88000 Mostar',
  OPERATOR_ID_NUMBER: '4227654321009',
  OPERATOR_VAT_NUMBER: '227654321009',
  OPERATOR_BANK_ACCOUNT: '338-000-22001234-56',
  OPERATOR_SUPPORT_PHONE: '036 123 456',
  OPERATOR_SUPPORT_EMAIL: 'podrska@example.ba',
};
