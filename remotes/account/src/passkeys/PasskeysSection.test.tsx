import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { accountInfo, answerAccount, logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

const CHROME = {
  id: 'a1',
  name: 'Web (Chrome)',
  createdAt: '2026-03-01T10:00:00Z',
  lastUsedAt: '2026-03-02T08:30:00Z',
};
const PHONE = { id: 'b2', name: 'Web (Safari)', createdAt: '2026-03-03T10:00:00Z', lastUsedAt: null };

const section = () => within(screen.getByRole('heading', { name: 'Pristupni ključevi' }).closest('section')!);

describe("account page: 'Pristupni ključevi'", () => {
  it('lists each passkey with its name and when it was last used', async () => {
    answerAccount(server, accountInfo());
    server.on('GET', '/customer/passkeys', { status: 200, data: [CHROME, PHONE] });
    await renderAccount('/nalog');
    const list = within(await section().findByRole('list', { name: 'Pristupni ključevi' }));
    const [chrome, phone] = list.getAllByRole('listitem');
    expect(chrome).toHaveTextContent('Web (Chrome)');
    expect(chrome).toHaveTextContent(/Zadnje korištenje 0?2\.0?3\.2026\./);
    expect(phone).toHaveTextContent('Još nije korišten');
  });

  it('removes one after asking, and says so when it is gone already', async () => {
    answerAccount(server, accountInfo());
    server
      .on('GET', '/customer/passkeys', { status: 200, data: [CHROME, PHONE] })
      .on('DELETE', '/customer/passkeys/a1', { status: 200, data: [PHONE] });
    await renderAccount('/nalog');
    await userEvent.click(await section().findByRole('button', { name: 'Ukloni: Web (Chrome)' }));
    const dialog = screen.getByRole('dialog', { name: 'Ukloniti pristupni ključ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Da, ukloni' }));
    expect(await section().findAllByRole('listitem')).toHaveLength(1);
    expect(section().queryByText('Web (Chrome)')).toBeNull();

    server.on('DELETE', '/customer/passkeys/b2', {
      status: 404,
      data: { message: 'Pristupni ključ nije pronađen. Možda je već uklonjen.', code: 'NOT_FOUND' },
    });
    await userEvent.click(section().getByRole('button', { name: 'Ukloni: Web (Safari)' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Da, ukloni' }));
    expect(await section().findByText('Pristupni ključ nije pronađen. Možda je već uklonjen.')).toBeInTheDocument();
  });

  it('says when the browser cannot make passkeys, and has none yet', async () => {
    answerAccount(server, accountInfo());
    await renderAccount('/nalog');
    expect(await section().findByText('Još nemaš pristupnih ključeva.')).toBeInTheDocument();
    expect(section().getByText('Ovaj preglednik ne podržava pristupne ključeve.')).toBeInTheDocument();
  });
});
