import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@portal/shared/testing';
import { accountInfo, answerAccount, card, logIn, renderAccount } from '../testing';

// A history page that reads nothing: the payments it would show are asked for by the click alone.
jest.mock('../payments/HistoryPage', () => ({ HistoryPage: () => <h1>Istorija uplata</h1> }));

beforeEach(() => logIn());

describe("the payment section's history link", () => {
  it("asks for the payments with the click, beside the history page's code", async () => {
    const server = fakeApi().on('GET', '/ontv-payments', { status: 200, data: [] });
    answerAccount(server, accountInfo(), [card()]);
    await renderAccount('/nalog');
    await userEvent.click(await screen.findByRole('link', { name: 'Istorija uplata' }));
    expect(await screen.findByRole('heading', { name: 'Istorija uplata' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/ontv-payments')).toHaveLength(1));
  });
});
