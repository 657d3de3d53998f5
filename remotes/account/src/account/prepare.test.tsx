import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@portal/shared';
import { demoClaims, fakeApi, fakeToken } from '@portal/shared/testing';
import { accountInfo, renderAccount } from '../testing';

// The account page's code never arrives (its route waits on it): whatever is asked for is asked without it.
jest.mock('./prepare', () => ({
  ...jest.requireActual<typeof import('./prepare')>('./prepare'),
  loadAccountPage: () => new Promise(() => undefined),
}));

describe('the account page after a login', () => {
  it("asks for the page's reads with the login's answer, not once the page's code has arrived", async () => {
    const server = fakeApi()
      .on('POST', '/login', { status: 200, data: { token: fakeToken(demoClaims), pin: '1234', firstLogin: false } })
      .on('GET', '/ontv/accountInfo', { status: 200, data: accountInfo() })
      .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [], mbons: [] } });
    authStore.getState().bootstrap();
    await renderAccount('/nalog');
    await userEvent.type(screen.getByLabelText('E-mail ili broj telefona'), 'demo@ontv.ba');
    await userEvent.type(screen.getByLabelText('Lozinka'), 'Demo1234!');
    await userEvent.click(screen.getByRole('button', { name: 'Prijavi se' }));

    await waitFor(() => expect(server.callsTo('GET', '/ontv/accountInfo')).toHaveLength(1));
    await waitFor(() => expect(server.callsTo('GET', '/customer/payment-data')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Moj nalog' })).not.toBeInTheDocument();
  });
});
