import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loggedInPage, portalAndBrowser } from './harness';

const PARALLEL = 20;

describe('a session across a real token expiry', () => {
  // Tokens that live three seconds: the test waits for a real expiry, not a faked clock.
  const suite = portalAndBrowser({ name: 'session', env: { TOKEN_TTL_SECONDS: '3' } });

  it(`${PARALLEL} calls in flight when the token expires: one refresh, every call succeeds`, async () => {
    const page = await loggedInPage(suite.browser, suite.portal.url, 'aktivna@ontv.ba');
    const refreshes: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/refresh') refreshes.push(Date.now());
    });
    // Wait until the stored token has expired (its own exp claim, by the page's clock).
    await page.waitForFunction(
      () => {
        const token = Object.entries(localStorage).find(([key]) => key.endsWith('.token'))?.[1];
        if (!token) return false;
        const { exp } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
        return Date.now() / 1000 > exp + 0.5;
      },
      undefined,
      { timeout: 15_000, polling: 200 },
    );
    refreshes.length = 0;

    // The page's own API client (the @portal/shared singleton of the federation share scope: its one axios instance).
    const outcome = await page.evaluate(async (parallel) => {
      type Entry = { loaded?: boolean; lib?: () => unknown; get: () => Promise<() => unknown> };
      type Shared = { calls: { accountInfo: () => Promise<unknown> } };
      const scopes = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      const versions = Object.values(scopes).flatMap((scope) => Object.values(scope.default?.['@portal/shared'] ?? {}));
      const entry = versions.find((v) => v.loaded) ?? versions[0]!;
      const shared = (entry.lib ? entry.lib() : (await entry.get())()) as Shared;
      const calls = Array.from({ length: parallel }, () =>
        shared.calls.accountInfo().then(
          () => 200,
          (e: { status?: number }) => e.status ?? -1,
        ),
      );
      return Promise.all(calls);
    }, PARALLEL);

    assert.deepEqual(
      outcome,
      Array.from({ length: PARALLEL }, () => 200),
      'every call succeeds',
    );
    assert.equal(refreshes.length, 1, 'exactly one refresh');
    // Still signed in afterwards.
    await page.reload();
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
    await page.context().close();
  });
});
