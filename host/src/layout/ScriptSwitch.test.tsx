import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { authStore, scriptStore } from '@portal/shared';
import { resetScriptStore } from '@portal/shared/testing';
import { renderPortal } from '../testing/renderPortal';
import { clearRemoteCache } from '../remotes/loader';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const catalogue = { routes: [{ path: '/paketi', element: <h1>Paketi</h1> }] };

beforeEach(() => {
  jest.mocked(loadRemote).mockImplementation(async () => catalogue as never);
  authStore.getState().bootstrap();
});
afterEach(() => clearRemoteCache());

const footer = () => screen.getByRole('contentinfo');
const scriptButton = (name: string) =>
  within(within(footer()).getByRole('group', { name: /^(Pismo|Писмо)$/ })).getByRole('button', { name });

describe("the footer's switch of script", () => {
  it('shows the header, the footer and the page in Cyrillic and back, names and addresses as they are', async () => {
    const user = userEvent.setup();
    renderPortal('/paketi');
    await screen.findByRole('heading', { name: 'Paketi' });
    expect(scriptButton('Latinica')).toHaveAttribute('aria-pressed', 'true');
    expect(scriptButton('Ћирилица')).toHaveAttribute('aria-pressed', 'false');

    await user.click(scriptButton('Ћирилица'));

    expect(document.documentElement).toHaveAttribute('lang', 'bs-Cyrl');
    const nav = screen.getByRole('navigation', { name: 'Главни мени' });
    expect(within(nav).getByRole('link', { name: 'Пакети' })).toHaveAttribute('href', '/paketi');
    expect(within(nav).getByRole('link', { name: 'ТВ канали' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Пакети' })).toBeInTheDocument();
    expect(within(footer()).getByRole('navigation', { name: 'Подножје' })).toBeInTheDocument();
    expect(within(footer()).getByText('Корисничка подршка:')).toBeInTheDocument();
    expect(within(footer()).getByRole('link', { name: 'podrska@ontv.ba' })).toBeInTheDocument();
    expect(within(footer()).getByRole('link', { name: 'Facebook (отвара се у новом прозору)' })).toBeInTheDocument();
    expect(
      within(footer()).getByText(/ON TV\. Гледање је могуће само на територији Босне и Херцеговине\./),
    ).toBeVisible();
    // Each script keeps its own name; the chosen one is pressed.
    expect(scriptButton('Latinica')).toHaveAttribute('aria-pressed', 'false');
    expect(scriptButton('Ћирилица')).toHaveAttribute('aria-pressed', 'true');

    // What React writes after the switch is shown in Cyrillic too: the menu button's label.
    await user.click(screen.getByRole('button', { name: 'Отвори мени' }));
    expect(screen.getByRole('button', { name: 'Затвори мени' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(scriptButton('Latinica'));

    expect(document.documentElement).toHaveAttribute('lang', 'bs-Latn');
    expect(screen.getByRole('navigation', { name: 'Glavni meni' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zatvori meni' })).toBeInTheDocument();
    expect(within(footer()).getByText('Korisnička podrška:')).toBeInTheDocument();
    expect(scriptButton('Latinica')).toHaveAttribute('aria-pressed', 'true');
  });

  it('is worked from the keyboard', async () => {
    const user = userEvent.setup();
    renderPortal('/paketi');
    await screen.findByRole('heading', { name: 'Paketi' });
    scriptButton('Latinica').focus();
    await user.tab();
    expect(scriptButton('Ћирилица')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Пакети' })).toBeInTheDocument();
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(screen.getByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
  });

  it('is remembered on this device: the next visit starts in Cyrillic', async () => {
    const user = userEvent.setup();
    const first = renderPortal('/paketi');
    await screen.findByRole('heading', { name: 'Paketi' });
    await user.click(scriptButton('Ћирилица'));
    expect(window.localStorage.getItem('ontv.script')).toBe('cyrillic');
    // And as a cookie, which the server reads to send a prerendered page in it (decision 056).
    expect(document.cookie).toBe('ontv.script=cyrillic');
    first.unmount();

    // A new visit: the page's stores start afresh and the host restores what the device remembers.
    resetScriptStore();
    scriptStore.getState().restore();
    renderPortal('/paketi');
    expect(await screen.findByRole('heading', { name: 'Пакети' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Главни мени' })).toBeInTheDocument();
    expect(scriptButton('Ћирилица')).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes the script a page arrived in over local storage, and gives a choice made before the cookie one', () => {
    // The server sent the page in Cyrillic: the device's cookie said so.
    window.localStorage.setItem('ontv.script', 'latin');
    document.documentElement.lang = 'bs-Cyrl';
    scriptStore.getState().restore();
    document.documentElement.lang = 'bs-Latn';
    expect(scriptStore.getState().script).toBe('cyrillic');
    expect(window.localStorage.getItem('ontv.script')).toBe('cyrillic');

    // A choice remembered before the cookie existed: the cookie follows it.
    resetScriptStore();
    expect(document.cookie).toBe('');
    scriptStore.getState().restore();
    expect(scriptStore.getState().script).toBe('cyrillic');
    expect(document.cookie).toBe('ontv.script=cyrillic');

    // A device that never chose keeps no cookie.
    resetScriptStore();
    window.localStorage.clear();
    scriptStore.getState().restore();
    expect(scriptStore.getState().script).toBe('latin');
    expect(document.cookie).toBe('');
  });
});
