import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Router, memoryHistory } from '@portal/shared';
import type { CustomerSummary } from '@portal/shared/contract/support';
import { TestProviders, resetQueries, setApiAdapter } from '@portal/shared/testing';
import { SupportApp } from './exposes/support';
import { startSession } from './api/session';

/**
 * What the console's tests share: a member signed in, the console rendered where a test starts, the API
 * answered at axios's adapter edge, and everything put back after. Each test still states its own case.
 */

type Answer = { status: number; data?: unknown };

/** A member of staff as the API names them; `admin` unless the case is an agent's. */
export const staffMember = (role: 'agent' | 'admin' = 'admin') => ({
  id: 1,
  name: 'Lejla Podrška',
  email: 'lejla@ontv.ba',
  role,
});

/**
 * The customer the console's cases open: an active subscriber of MaxON, as the API sums them up; a case
 * states what is its own (a pause, another payment day) in `changes`.
 */
export const supportCustomer = (changes: Partial<CustomerSummary> = {}): CustomerSummary => ({
  id: 7,
  accountNumber: '1000002',
  firstName: 'Emir',
  lastName: 'Begić',
  email: 'aktivna@ontv.ba',
  phoneNumber: '38761000002',
  status: 'ACTIVE',
  plan: 'MaxON',
  nextPaymentOn: '2026-12-16',
  blocked: false,
  ...changes,
});

/** The session a full sign-in leaves: the member's token and the server's idle minutes. */
export const signInAs = (role: 'agent' | 'admin' = 'admin') => startSession('staff-token', staffMember(role), 15);

/**
 * Answers the console's calls by `METHOD path` (a function answers as the API would at that moment), an
 * answer of 400 or more as axios fails; anything else fails the test. What was sent is kept, in order.
 */
export function answering(routes: Record<string, Answer | (() => Answer)>) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const route = routes[`${config.method?.toUpperCase()} ${config.url}`];
    if (!route) throw new Error(`Unexpected call ${config.method} ${config.url}`);
    const answer = typeof route === 'function' ? route() : route;
    const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
    if (answer.status >= 400)
      throw Object.assign(new Error(`HTTP ${answer.status}`), { isAxiosError: true, response, config });
    return response;
  };
  setApiAdapter(adapter);
  return { sent, posts: () => sent.filter((config) => config.method === 'post') };
}

/** The console as the support host mounts it, at `path`. */
export async function renderSupport(path = '/podrska'): Promise<void> {
  await act(async () => {
    render(
      <TestProviders>
        <Router history={memoryHistory(path)}>
          <SupportApp apiBaseUrl="/api" />
        </Router>
      </TestProviders>,
    );
  });
}

/** A page of the console reached as a member reaches it: signed in as `role`, by its link in the navigation. */
export async function openFromNavigation(role: 'agent' | 'admin', link: string): Promise<void> {
  signInAs(role);
  await renderSupport('/podrska');
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Konzola podrške' })).getByRole('link', { name: link }),
  );
}

/** After each test: the network back, no cached answer, no session kept in the tab. */
export function leaveSupport(): void {
  setApiAdapter(null);
  resetQueries();
  sessionStorage.clear();
}
