import { describe, expect, it } from '@jest/globals';
import { ConfigError, DEFAULT_OPERATOR, parsePortalConfig } from './config';

const valid = {
  apiBaseUrl: '/api',
  remotes: { catalogue: '/remotes/catalogue/mf-manifest.json', account: 'https://cdn.example/account/mf-manifest.json', onboarding: '/o/mf-manifest.json' },
};

describe('parsePortalConfig', () => {
  it('accepts a valid configuration and defaults the product, the sandbox payments and the operator', () => {
    expect(parsePortalConfig(valid)).toEqual({ ...valid, product: 'ontv', payments: { provider: 'sandbox', sandboxUrl: '/sandbox-pay/v1' }, operator: DEFAULT_OPERATOR });
  });

  it('takes Stripe with a publishable key, and refuses a secret key in the browser configuration', () => {
    expect(parsePortalConfig({ ...valid, payments: { provider: 'stripe', publishableKey: 'pk_test_abc123' } }).payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_abc123' });
    expect(() => parsePortalConfig({ ...valid, payments: { provider: 'stripe', publishableKey: 'sk_test_abc123' } })).toThrow(ConfigError);
  });

  it('names every bad key', () => {
    let error: unknown;
    try {
      parsePortalConfig({ apiBaseUrl: 'api', product: 'ON TV', remotes: { catalogue: '/x.js' } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^apiBaseUrl: must be an absolute URL/m);
    expect(problems).toMatch(/^product: /m);
    expect(problems).toMatch(/^remotes\.catalogue: must point at a remote mf-manifest\.json/m);
    expect(problems).toMatch(/^remotes\.account: /m);
    expect(problems).toMatch(/^remotes\.onboarding: /m);
  });
});
