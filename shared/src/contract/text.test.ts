import { describe, expect, it } from '@jest/globals';
import { cardHolderError, continueRegistrationRequestSchema, FORGING_MESSAGE, loginRequestSchema, saleRefOf } from '.';

const registration = {
  registrationType: 'EMAIL',
  identificator: '0b1e3c1a-2f4d-4c5e-8a6b-7c8d9e0f1a2b',
  osType: 1,
  password: 'Lozinka123!',
  firstName: 'Amra',
  lastName: 'Hodžić',
};

describe('text others will read', () => {
  it.each([
    'Amra\nRačun plaćen',
    'Am\rra',
    'Am\tra',
    'Amra\u0000',
    'Amra \u202Eexe.fdp',
    'Amra \u2067x\u2069',
    'Amra\u2028x',
  ])('refuses the name %j with a field message', (firstName) => {
    const result = continueRegistrationRequestSchema.safeParse({ ...registration, firstName });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', FORGING_MESSAGE],
    ]);
  });

  it('keeps names as typed, trimmed and in NFC', () => {
    expect(
      continueRegistrationRequestSchema.parse({ ...registration, firstName: '  Đurđa ', lastName: 'Maric\u0301' }),
    ).toMatchObject({ firstName: 'Đurđa', lastName: 'Marić' });
  });

  it('refuses a device name on two lines, and a card holder on two lines with its own message', () => {
    const login = {
      username: 'amra@primjer.ba',
      password: 'x',
      deviceType: 'ontv',
      deviceUsername: 'web-12345678',
      devicePassword: 'p'.repeat(16),
    };
    expect(loginRequestSchema.safeParse({ ...login, deviceName: 'Chrome\nNovi uređaj: iPhone' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ ...login, deviceName: 'Chrome — Sarajevo' }).success).toBe(true);
    expect(cardHolderError('fullName', 'Amra\nHodžić')).toBe('Molimo unesite ispravno ime i prezime');
    expect(cardHolderError('email', 'g1:victim@x.ba;')).toBe('Molimo unesite ispravan e-mail');
  });

  it('cuts a ref by characters and drops a lone half of a surrogate pair, so the link can always be encoded', () => {
    expect(saleRefOf(`${'a'.repeat(199)}📺📺`)).toBe(`${'a'.repeat(199)}📺`);
    expect(() => encodeURIComponent(saleRefOf('baner\uD83D') ?? '')).not.toThrow();
    expect(saleRefOf('  ')).toBeNull();
  });
});
