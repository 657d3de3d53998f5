import { describe, expect, it } from '@jest/globals';
import { originGuard } from './plugins';

type Hook = (args: never) => unknown;
const guard = originGuard(['https://remotes.ontv.ba']) as unknown as Record<
  'fetch' | 'loadEntry' | 'createScript' | 'createLink',
  Hook
>;
const entry = (url: string) => ({ remoteInfo: { entry: url } }) as never;

describe('originGuard', () => {
  it("lets the page's own origin and the listed ones through", () => {
    expect(guard.fetch('/remotes/account/mf-manifest.json' as never)).toBeUndefined();
    expect(guard.fetch(`${window.location.origin}/remotes/account/mf-manifest.json` as never)).toBeUndefined();
    expect(guard.loadEntry(entry('https://remotes.ontv.ba/account/remoteEntry.js'))).toBeUndefined();
    expect(guard.createScript({ url: 'https://remotes.ontv.ba/account/1.js' } as never)).toBeUndefined();
  });

  it('refuses any other origin, including a look-alike and another port or scheme', () => {
    for (const url of [
      'https://remotes.ontv.ba.evil.test/x.js',
      'http://remotes.ontv.ba/x.js',
      'https://remotes.ontv.ba:8443/x.js',
      '//evil.test/x.js',
    ]) {
      expect(() => guard.createScript({ url } as never)).toThrow(
        /is not the portal's origin nor listed in remoteOrigins/,
      );
      expect(() => guard.createLink({ url } as never)).toThrow(/remoteOrigins/);
      expect(() => guard.loadEntry(entry(url))).toThrow(/remoteOrigins/);
      expect(() => guard.fetch(url as never)).toThrow(/remoteOrigins/);
    }
  });
});
