import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, authStore, queryClient, remoteFor, type RemoteName } from '@portal/shared';
import { renderPortal } from '../testing/renderPortal';
import { clearRemoteCache, registerPortalRemotes, remoteRoutesQuery } from './loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

/** A manifest address for every remote of the apps' list, each its own: `/<remote>/mf-manifest.json`. */
const manifests = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/${name}/mf-manifest.json`])) as Record<
  RemoteName,
  string
>;
const catalogue = { routes: [{ path: '/', element: <h1>Početna</h1> }] };
const account = { routes: [{ path: '/nalog', element: <h1>Prijava</h1> }] };

beforeEach(() => {
  registerPortalRemotes(manifests);
  authStore.getState().bootstrap();
});
afterEach(() => clearRemoteCache());

describe('remote loading', () => {
  it('loads only the catalogue for the home page', async () => {
    jest
      .mocked(loadRemote)
      .mockImplementation(async (id: string) => (id === 'catalogue/routes' ? catalogue : account) as never);
    renderPortal('/');
    expect(await screen.findByRole('heading', { name: 'Početna' })).toBeInTheDocument();
    expect(jest.mocked(loadRemote).mock.calls.map(([id]) => id)).toEqual(['catalogue/routes']);
  });

  it('shows an error with a retry when a remote cannot be loaded, and recovers without a reload', async () => {
    let up = false;
    jest.mocked(loadRemote).mockImplementation(async (id: string) => {
      if (id === 'account/routes' && !up) throw new Error('[ Federation Runtime ]: manifest 404');
      return (id === 'account/routes' ? account : catalogue) as never;
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderPortal('/nalog');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Ovaj dio portala trenutno nije dostupan' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'account', entry: '/account/mf-manifest.json' }], {
      force: true,
    });
  });

  it('contains a remote that throws while rendering', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render failure');
      return <h1>Prijava</h1>;
    }
    jest
      .mocked(loadRemote)
      .mockImplementation(async () => ({ routes: [{ path: '/nalog', element: <Flaky /> }] }) as never);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error

    renderPortal('/nalog');
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('navigation', { name: 'Glavni meni' })).toBeInTheDocument();

    broken = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
  });

  it('tells a remote built for another major release of @portal/shared from one that is down', async () => {
    jest.mocked(loadRemote).mockImplementation(async (id: string) => {
      if (id !== 'account/routes') return catalogue as never;
      // The federation runtime's refusal, as the browser test sees it.
      throw new Error(
        '[ Federation Runtime ]: Version 1.0.0 from host of shared singleton module @portal/shared does not satisfy the requirement of account which needs ^2.0.0)',
      );
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderPortal('/nalog');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Ovaj dio portala se upravo ažurira' })).toBeInTheDocument();
    expect(
      within(alert).getByText('Osvježi stranicu za nekoliko minuta. Ostatak portala radi normalno.'),
    ).toBeInTheDocument();
    // Retrying in place cannot help (this page's @portal/shared stays): the button reloads the page.
    expect(within(alert).getByRole('button', { name: 'Osvježi stranicu' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Pokušaj ponovo' })).not.toBeInTheDocument();
  });

  it('keeps refusing a remote of another major release when it is asked for again on the same page', async () => {
    // The federation runtime refuses such a remote once: asked again, it hands over the remote's module,
    // which would then run on this page's older @portal/shared. The page asks again when the route's slot
    // mounts after the early load (prepare.ts) failed, as on a slow machine.
    let asked = 0;
    jest.mocked(loadRemote).mockImplementation(async (id: string) => {
      if (id !== 'account/routes') return catalogue as never;
      asked += 1;
      if (asked > 1) return account as never;
      throw new Error(
        '[ Federation Runtime ]: Version 1.0.0 from host of shared singleton module @portal/shared does not satisfy the requirement of account which needs ^2.0.0)',
      );
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(queryClient.fetchQuery(remoteRoutesQuery('account'))).rejects.toThrow(/does not satisfy/);
    renderPortal('/nalog');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Ovaj dio portala se upravo ažurira' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Prijava' })).not.toBeInTheDocument();
  });
});

describe('remoteFor', () => {
  it.each([
    ['/', 'catalogue'],
    ['/paketi', 'catalogue'],
    ['/tv-kanali', 'catalogue'],
    ['/privacy-policy/', 'catalogue'],
    ['/nalog', 'account'],
    ['/nalog/racun', 'account'],
    ['/kreiraj-nalog/e-mail', 'onboarding'],
    ['/zaboravljena-lozinka', 'onboarding'],
    ['/pretplati-se', 'onboarding'],
    ['/pretplata-greska', 'onboarding'],
    ['/nalogx', null],
    ['/nepoznato', null],
  ])('%s belongs to %s', (path, remote) => expect(remoteFor(path)).toBe(remote));
});
