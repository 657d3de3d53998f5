import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Link, authStore, configurePortal, setToken } from '@portal/shared';
import { demoClaims, fakeToken } from '@portal/shared/testing';
import { renderPortal } from '../testing/renderPortal';
import { clearRemoteCache } from '../remotes/loader';
import { hasOpaqueHeader } from './chrome';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const remotes: Record<string, { routes: unknown[] }> = {
  catalogue: {
    routes: [
      { path: '/', element: <h1>Početna</h1> },
      { path: '/paketi', element: <h1>Paketi</h1> },
    ],
  },
  account: {
    routes: [
      { path: '/nalog', element: <h1>Prijava</h1> },
      { path: '/nalog/racun', element: <h1>Račun</h1> },
      {
        path: '/nalog/duga',
        element: (
          <div style={{ height: 3000 }}>
            <h1>Duga</h1>
            <Link to="/paketi">Idi na pakete</Link>
          </div>
        ),
      },
    ],
  },
  onboarding: { routes: [{ path: '/kreiraj-nalog', element: <h1>Kreiraj nalog</h1> }] },
};

beforeEach(() => {
  jest.mocked(loadRemote).mockImplementation(async (id: string) => remotes[id.split('/')[0] ?? ''] as never);
  authStore.getState().bootstrap();
});
afterEach(() => {
  clearRemoteCache();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('layout', () => {
  it('marks the menu link of the page shown (aria-current), and the home links only on the home page', async () => {
    renderPortal('/paketi');
    expect(await screen.findByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.getAttribute('href'))).toEqual(['/paketi']);
  });

  it('draws the header links, the footer links, support e-mail, social links and five payment logos', async () => {
    renderPortal('/');
    expect(await screen.findByRole('heading', { name: 'Početna' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Glavni meni' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/paketi', '/tv-kanali', '/videoteke', '/nalog']);

    const footer = screen.getByRole('contentinfo');
    const footerLinks = within(within(footer).getByRole('navigation', { name: 'Podnožje' })).getAllByRole('link');
    expect(footerLinks.map((a) => a.getAttribute('href'))).toEqual([
      '/paketi',
      '/tv-kanali',
      '/videoteke',
      '/nalog',
      '/faq',
      '/uslovi-koriscenja',
      '/uslovi-placanja',
    ]);
    expect(within(footer).getByRole('link', { name: 'podrska@ontv.ba' })).toHaveAttribute(
      'href',
      'mailto:podrska@ontv.ba',
    );
    expect(within(footer).getByRole('list', { name: 'Društvene mreže' }).querySelectorAll('a')).toHaveLength(3);
    const logos = within(within(footer).getByRole('list', { name: 'Prihvaćene kartice' })).getAllByRole('img');
    expect(logos.map((img) => img.getAttribute('alt'))).toEqual([
      'Mastercard',
      'Maestro',
      'Mastercard ID Check',
      'Visa',
      'Visa Secure',
    ]);
  });

  it('says on every page of a portal its server runs as a sandbox that payments are not real, and nothing otherwise', async () => {
    configurePortal({ apiBaseUrl: '', product: 'ontv', sandbox: true });
    try {
      const first = renderPortal('/paketi');
      expect(await screen.findByRole('note')).toHaveTextContent('Probno okruženje: plaćanja nisu stvarna.');
      first.unmount();
    } finally {
      configurePortal({ apiBaseUrl: '', product: 'ontv', sandbox: false });
    }
    renderPortal('/nalog');
    await screen.findByRole('heading', { name: 'Prijava' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('labels the account link for visitors and with the name of a logged-in customer', async () => {
    const { unmount } = renderPortal('/');
    const visitorNav = await screen.findByRole('navigation', { name: 'Glavni meni' });
    expect(within(visitorNav).getByRole('link', { name: 'Moj nalog' })).toHaveAttribute('href', '/nalog');
    unmount();

    setToken(fakeToken(demoClaims));
    renderPortal('/');
    const nav = await screen.findByRole('navigation', { name: 'Glavni meni' });
    expect(within(nav).getByRole('link', { name: 'Amra Hodžić' })).toHaveAttribute('href', '/nalog');
  });

  it('shows "Stranica nije pronađena" for unknown paths, also inside a remote prefix', async () => {
    const { unmount } = renderPortal('/ne-postoji');
    expect(await screen.findByRole('heading', { name: 'Stranica nije pronađena' })).toBeInTheDocument();
    unmount();
    renderPortal('/nalog/ne-postoji');
    expect(await screen.findByRole('heading', { name: 'Stranica nije pronađena' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows no header or footer on the invoice page', async () => {
    renderPortal('/nalog/racun');
    expect(await screen.findByRole('heading', { name: 'Račun' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows the scroll-to-top button only past 400 px and scrolls up with it', async () => {
    renderPortal('/nalog/duga');
    await screen.findByRole('heading', { name: 'Duga' });
    expect(screen.queryByRole('button', { name: 'Nazad na vrh stranice' })).not.toBeInTheDocument();

    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
    scrollTo(400);
    expect(screen.queryByRole('button', { name: 'Nazad na vrh stranice' })).not.toBeInTheDocument();
    scrollTo(401);
    await userEvent.click(screen.getByRole('button', { name: 'Nazad na vrh stranice' }));
    expect(window.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('leaves the page where the visitor is on its first render (a page that arrived drawn, decision 031)', async () => {
    jest.mocked(window.scrollTo).mockClear();
    renderPortal('/nalog/duga');
    await screen.findByRole('heading', { name: 'Duga' });
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('resets the scroll position on every route change', async () => {
    renderPortal('/nalog/duga');
    await screen.findByRole('heading', { name: 'Duga' });
    jest.mocked(window.scrollTo).mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Idi na pakete' }));
    expect(await screen.findByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('opaque header routes (product.md §2, Layout)', () => {
  it.each([
    '/nalog',
    '/nalog/moje-kartice',
    '/kreiraj-nalog/e-mail',
    '/pretplati-se',
    '/pretplata-uspjesna',
    '/pretplata-greska',
    '/potvrdi-pretplatu',
    '/zaboravljena-lozinka',
    '/uslovi-placanja',
    '/uslovi-koriscenja',
    '/privacy-policy/',
    '/faq',
  ])('%s has an opaque header', (path) => expect(hasOpaqueHeader(path)).toBe(true));
  it.each(['/', '/paketi', '/tv-kanali', '/videoteke'])('%s has a transparent header over its hero', (path) =>
    expect(hasOpaqueHeader(path)).toBe(false),
  );
});
