import type { Locator, Page } from 'playwright-core';
import type { RemoteName } from '@portal/shared/contract';

/** One page of the smoke subset: opened by URL, or reached by a click from the page before. */
interface SmokeCheck {
  name: string;
  /** The remote that renders it. */
  remote: RemoteName;
  open: (page: Page, baseUrl: string) => Promise<unknown>;
  /** What shows once the page works. */
  ready: (page: Page) => Locator;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name });
const visit = (path: string) => (page: Page, baseUrl: string) => page.goto(baseUrl + path);

/**
 * The browser suite's smoke subset: every remote's main pages as a visitor opens them, and a move
 * between remotes inside the page (the shared singletons in use by two remotes at once). Read-only:
 * it needs no demo account, so it runs against any portal, a production one included.
 */
export const SMOKE: SmokeCheck[] = [
  {
    name: 'home',
    remote: 'catalogue',
    open: visit('/'),
    ready: (page) => page.getByRole('heading', { name: 'Televizija koja ide s tobom' }),
  },
  { name: 'plans', remote: 'catalogue', open: visit('/paketi'), ready: heading('Paketi') },
  { name: 'channels', remote: 'catalogue', open: visit('/tv-kanali'), ready: heading('TV kanali') },
  {
    name: 'login form',
    remote: 'account',
    open: visit('/nalog'),
    ready: (page) => page.getByLabel('E-mail ili broj telefona'),
  },
  {
    name: 'registration, from the login form',
    remote: 'onboarding',
    open: async (page, baseUrl) => {
      await page.goto(baseUrl + '/nalog');
      await page
        .getByRole('link', { name: /Kreiraj nalog/i })
        .first()
        .click();
    },
    ready: heading('Kreiraj nalog'),
  },
  {
    name: 'forgotten password',
    remote: 'onboarding',
    open: visit('/zaboravljena-lozinka'),
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'packages, from the header menu of the account page',
    remote: 'catalogue',
    open: async (page, baseUrl) => {
      await page.goto(baseUrl + '/nalog');
      await page.getByLabel('E-mail ili broj telefona').waitFor();
      await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Paketi' }).click();
    },
    ready: heading('Paketi'),
  },
];
