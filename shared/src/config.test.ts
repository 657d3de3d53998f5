import { describe, expect, it } from '@jest/globals';
import { ConfigError, parsePortalConfig } from './config';

const valid = {
  apiBaseUrl: '/api',
  remotes: { catalogue: '/remotes/catalogue/mf-manifest.json', account: 'https://cdn.example/account/mf-manifest.json', onboarding: '/o/mf-manifest.json' },
};

describe('parsePortalConfig', () => {
  it('accepts a valid configuration and defaults the product', () => {
    expect(parsePortalConfig(valid)).toEqual({ ...valid, product: 'ontv' });
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
