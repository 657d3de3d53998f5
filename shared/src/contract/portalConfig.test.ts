import { describe, expect, it } from '@jest/globals';
import { ConfigError, parsePortalConfig } from './portalConfig';
import { DEFAULT_OPERATOR } from './operator';
import { REMOTE_NAMES } from './apps';

/**
 * Every remote of the apps' list at its default address; the account's from another origin, the
 * onboarding's at a path of its own.
 */
const valid = {
  apiBaseUrl: '/api',
  remotes: {
    ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])),
    account: 'https://cdn.example/account/mf-manifest.json',
    onboarding: '/o/mf-manifest.json',
  },
  remoteOrigins: ['https://cdn.example'],
};

describe('parsePortalConfig', () => {
  it('accepts a valid configuration and defaults the product, the sandbox payments, the operator and no sandbox mode', () => {
    expect(parsePortalConfig(valid)).toEqual({
      ...valid,
      product: 'ontv',
      payments: { provider: 'sandbox', sandboxUrl: '/sandbox-pay/v1' },
      operator: DEFAULT_OPERATOR,
      sandbox: false,
    });
  });

  it('takes Stripe with a publishable key, and refuses a secret key in the browser configuration', () => {
    expect(
      parsePortalConfig({ ...valid, payments: { provider: 'stripe', publishableKey: 'pk_test_abc123' } }).payments,
    ).toEqual({ provider: 'stripe', publishableKey: 'pk_test_abc123' });
    expect(() =>
      parsePortalConfig({ ...valid, payments: { provider: 'stripe', publishableKey: 'sk_test_abc123' } }),
    ).toThrow(ConfigError);
  });

  it("refuses the support console's remote, or any remote the portal does not run: the console has its own host", () => {
    const withConsole = { ...valid, remotes: { ...valid.remotes, support: '/remotes/support/mf-manifest.json' } };
    expect(() => parsePortalConfig(withConsole)).toThrow(
      new ConfigError([
        `remotes.support: not a remote of the customer portal (${REMOTE_NAMES.join(', ')}); the support console has its own host`,
      ]),
    );
  });

  it('refuses a remote on an origin remoteOrigins does not list, naming the remote and the origin', () => {
    const { remoteOrigins: _, ...unlisted } = valid;
    expect(() => parsePortalConfig(unlisted)).toThrow(
      new ConfigError([
        `remotes.account: https://cdn.example is not an allowed origin; a remote loads from the portal's own origin or one listed in remoteOrigins`,
      ]),
    );
    const elsewhere = {
      ...valid,
      remotes: { ...valid.remotes, catalogue: 'https://cdn.example.evil.test/c/mf-manifest.json' },
    };
    expect(() => parsePortalConfig(elsewhere)).toThrow(
      /remotes\.catalogue: https:\/\/cdn\.example\.evil\.test is not an allowed origin/,
    );
    // A scheme-relative URL is another origin too, not a path, on the page's side and on the API's.
    const schemeRelative = { ...valid, remotes: { ...valid.remotes, onboarding: '//evil.test/o/mf-manifest.json' } };
    expect(() => parsePortalConfig(schemeRelative)).toThrow(
      /remotes\.onboarding: http:\/\/evil\.test is not an allowed origin/,
    );
    expect(() => parsePortalConfig(schemeRelative, 'https://portal.ontv.ba')).toThrow(
      /remotes\.onboarding: https:\/\/evil\.test is not an allowed origin/,
    );
    // The page's own origin needs no listing, as a path or as an absolute URL.
    expect(
      parsePortalConfig(
        {
          ...valid,
          remoteOrigins: [],
          remotes: { ...valid.remotes, account: 'https://portal.ontv.ba/a/mf-manifest.json' },
        },
        'https://portal.ontv.ba',
      ).remotes.account,
    ).toMatch(/^https:\/\/portal/);
    expect(
      parsePortalConfig({
        ...valid,
        remotes: { ...valid.remotes, account: '/remotes/account/mf-manifest.json' },
        remoteOrigins: undefined,
      }).remoteOrigins,
    ).toEqual([]);
  });

  it('takes origins only in remoteOrigins, not URLs with a path', () => {
    expect(() => parsePortalConfig({ ...valid, remoteOrigins: ['https://cdn.example/account'] })).toThrow(
      /remoteOrigins\.0: must be an origin/,
    );
    expect(() => parsePortalConfig({ ...valid, remoteOrigins: ['cdn.example'] })).toThrow(
      /remoteOrigins\.0: must be an origin/,
    );
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
    for (const name of REMOTE_NAMES.filter((remote) => remote !== 'catalogue')) {
      expect(problems).toMatch(new RegExp(`^remotes\\.${name}: `, 'm'));
    }
  });
});
