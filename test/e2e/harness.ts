/**
 * What the browser tests share, the one module they import. Its parts are in test/e2e/harness/: the
 * portal started as `npm start` starts it and the browser (portal.ts), remotes deployed elsewhere
 * (remotes.ts), the customer's pages and their checks (pages.ts), and the support console's first
 * sign-in (console.ts).
 */
import assert from 'node:assert/strict';
import type { OutboxEntry } from '@portal/shared/contract';

export {
  ARTIFACTS,
  expectBooksBalanced,
  launchBrowser,
  LOG_DIR,
  portalAndBrowser,
  startPortal,
  type Portal,
} from './harness/portal';
export { portalRootWithRemotes, withRemoteFrom } from './harness/remotes';
export { addCard, DEMO, expectAccessible, loggedInPage, logIn, screenshot, tabTo } from './harness/pages';
export { addAdmin, firstSupportSignIn } from './harness/support';

/** What the sandbox's outbox holds for `to`, newest first. */
export async function outbox(baseUrl: string, to: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await response.json()) as OutboxEntry[];
}

/** The one-time code last sent to `to`. */
export async function codeSentTo(baseUrl: string, to: string): Promise<string> {
  const [message] = await outbox(baseUrl, to);
  assert.ok(message?.code, `a code sent to ${to}`);
  return message.code;
}
