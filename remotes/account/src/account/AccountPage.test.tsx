import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authStore, getToken, setToken } from '@portal/shared';
import { demoClaims, fakeApi, fakeToken, type FakeApi } from '@portal/shared/testing';
import { routes } from '../exposes/routes';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  setToken(fakeToken(demoClaims));
  authStore.getState().bootstrap();
});

function renderAccount() {
  const router = createMemoryRouter([...routes, { path: '/', element: <h1>Početna</h1> }], { initialEntries: ['/nalog'] });
  render(<RouterProvider router={router} />);
  return router;
}

const info = { status: null, plan: null, nextPaymentOn: null, accountNumber: '1000001', promos: [] };

describe('account page', () => {
  it('shows the name, username and customer number', async () => {
    server.on('GET', '/ontv/accountInfo', { status: 200, data: info });
    renderAccount();
    expect(screen.getByRole('heading', { name: 'Moj nalog' })).toBeInTheDocument();
    expect(screen.getByText('Amra Hodžić')).toBeInTheDocument();
    expect(screen.getByText('demo@ontv.ba')).toBeInTheDocument();
    expect(await screen.findByText('1000001')).toBeInTheDocument();
  });

  it('says so when the account info cannot be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('GET', '/ontv/accountInfo', { status: 200, data: { status: 'UNKNOWN' } });
    renderAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent('Podaci o pretplati trenutno nisu dostupni.');
  });

  it('logs out and goes to the home page', async () => {
    server.on('GET', '/ontv/accountInfo', { status: 200, data: info }).on('POST', '/logout', { status: 204 });
    const router = renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Odjavi se' }));
    expect(await screen.findByRole('heading', { name: 'Početna' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBeNull();
    expect(server.callsTo('POST', '/logout')).toHaveLength(1);
  });
});
