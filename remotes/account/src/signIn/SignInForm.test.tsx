import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router, Routes, authStore, getToken, memoryHistory } from '@portal/shared';
import { demoClaims, fakeApi, fakeToken, type FakeApi, TestProviders } from '@portal/shared/testing';
import { routes } from '../exposes/routes';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
});

function renderAccount(path = '/nalog') {
  const history = memoryHistory(path);
  render(
    <Router history={history}>
      <Routes routes={routes} />
    </Router>,
    { wrapper: TestProviders },
  );
  return history;
}

const usernameField = () => screen.getByLabelText('E-mail ili broj telefona');
const passwordField = () => screen.getByLabelText('Lozinka');
const submit = () => screen.getByRole('button', { name: 'Prijavi se' });

async function logInAs(username: string, password: string) {
  await userEvent.type(usernameField(), username);
  await userEvent.type(passwordField(), password);
  await userEvent.click(submit());
}

describe('/nalog', () => {
  it('shows nothing until the auth check has finished', () => {
    renderAccount();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows the sign-in form to a visitor, with links to reset the password and to register', () => {
    authStore.getState().bootstrap();
    renderAccount();
    expect(screen.getByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zaboravljena lozinka?' })).toHaveAttribute(
      'href',
      '/zaboravljena-lozinka',
    );
    expect(screen.getByRole('link', { name: 'Kreiraj nalog' })).toHaveAttribute('href', '/kreiraj-nalog');
  });
});

describe('sign-in form', () => {
  beforeEach(() => authStore.getState().bootstrap());

  it('keeps submit disabled until both fields are filled', async () => {
    renderAccount();
    expect(submit()).toBeDisabled();
    await userEvent.type(usernameField(), 'demo@ontv.ba');
    expect(submit()).toBeDisabled();
    await userEvent.type(passwordField(), 'x');
    expect(submit()).toBeEnabled();
    await userEvent.clear(usernameField());
    await userEvent.type(usernameField(), '   ');
    expect(submit()).toBeDisabled();
  });

  it("shows 'Neuspješna prijava' on failure and enables the button again", async () => {
    server.on('POST', '/login', { status: 401, data: { message: 'Pogrešno korisničko ime ili lozinka.' } });
    renderAccount();
    await logInAs('demo@ontv.ba', 'pogresna');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Neuspješna prijava$/);
    expect(submit()).toBeEnabled();
    expect(getToken()).toBeNull();
  });

  it('explains a rate-limited sign-in', async () => {
    server.on('POST', '/login', { status: 429, data: { message: 'Previše pokušaja prijave.' } });
    renderAccount();
    await logInAs('demo@ontv.ba', 'pogresna');
    expect(await screen.findByRole('alert')).toHaveTextContent('Neuspješna prijava. Previše pokušaja prijave.');
  });

  it('tells a customer the operator blocked why sign-in fails and whom to call, as the server says it', async () => {
    const blocked =
      'Tvoj nalog je blokiran, pa prijava trenutno nije moguća. Obrati se korisničkoj podršci: 033 000 000 ili podrska@ontv.ba.';
    server.on('POST', '/login', { status: 403, data: { message: blocked, code: 'ACCOUNT_BLOCKED' } });
    renderAccount();
    await logInAs('demo@ontv.ba', 'Demo1234!');
    expect(await screen.findByRole('alert')).toHaveTextContent(`Neuspješna prijava. ${blocked}`);
    expect(getToken()).toBeNull();
  });

  it('logs in with a normalised phone number and shows the account page', async () => {
    server.on('POST', '/login', {
      status: 200,
      data: { token: fakeToken(demoClaims), pin: '1234', firstLogin: false },
    });
    server.on('GET', '/ontv/accountInfo', {
      status: 200,
      data: { status: null, plan: null, nextPaymentOn: null, accountNumber: '1000001', promos: [] },
    });
    const router = renderAccount();
    await logInAs('061 000 001', 'Demo1234!');

    expect(await screen.findByRole('heading', { name: 'Moj nalog' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog');
    expect(server.callsTo('POST', '/login')[0]?.body).toMatchObject({ username: '38761000001', password: 'Demo1234!' });
    expect(screen.getByText('Amra Hodžić')).toBeInTheDocument();
  });
});
