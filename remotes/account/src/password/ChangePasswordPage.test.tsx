import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

const submit = () => screen.getByRole('button', { name: 'Promijeni lozinku' });

async function fill(oldPassword: string, newPassword: string, confirm: string) {
  if (oldPassword) await userEvent.type(screen.getByLabelText('Stara lozinka'), oldPassword);
  if (newPassword) await userEvent.type(screen.getByLabelText('Nova lozinka'), newPassword);
  if (confirm) await userEvent.type(screen.getByLabelText('Potvrdi novu lozinku'), confirm);
}

describe('/nalog/promijeni-lozinku', () => {
  it('enables submit only when all three are filled, the new one is valid and they match', async () => {
    await renderAccount('/nalog/promijeni-lozinku');
    expect(screen.getByLabelText('Nova lozinka')).toHaveAccessibleDescription('Najmanje 8 karaktera');
    expect(submit()).toBeDisabled();
    await fill('Stara123!', 'slaba', '');
    expect(screen.getByLabelText('Nova lozinka')).toHaveAccessibleDescription(
      'Najmanje 8 karaktera Lozinka mora sadržavati bar jedno veliko slovo, malo slovo, broj i specijalni karakter.',
    );
    expect(submit()).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Nova lozinka'));
    await fill('', 'Nova1234!', 'Nova1234?');
    expect(screen.getByLabelText('Potvrdi novu lozinku')).toHaveAccessibleDescription(
      'Unesene lozinke se ne podudaraju',
    );
    expect(submit()).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Potvrdi novu lozinku'));
    await fill('', '', 'Nova1234!');
    expect(submit()).toBeEnabled();
  });

  it.each([
    ['Nova12!', 'too short'],
    ['nova1234!', 'no upper-case letter'],
    ['NOVA1234!', 'no lower-case letter'],
    ['NovaLozinka!', 'no digit'],
    ['Nova12345', 'no special character'],
    [`Nova1234!${'x'.repeat(30)}`, 'longer than 32'],
  ])('refuses %s (%s)', async (password) => {
    await renderAccount('/nalog/promijeni-lozinku');
    await fill('Stara123!', password, password);
    expect(submit()).toBeDisabled();
  });

  it("answers 400 with 'Unesena lozinka nije tačna'", async () => {
    server.on('POST', '/customer/change-password', { status: 400, data: { message: 'x' } });
    await renderAccount('/nalog/promijeni-lozinku');
    await fill('Pogresna1!', 'Nova1234!', 'Nova1234!');
    await userEvent.click(submit());
    expect(await screen.findByText('Unesena lozinka nije tačna')).toBeInTheDocument();
  });

  it('answers any other failure with the unknown-error message', async () => {
    server.on('POST', '/customer/change-password', { status: 500, data: {} });
    await renderAccount('/nalog/promijeni-lozinku');
    await fill('Stara123!', 'Nova1234!', 'Nova1234!');
    await userEvent.click(submit());
    expect(await screen.findByText('Došlo je do nepoznate greške i lozinka nije promijenjena!')).toBeInTheDocument();
  });

  it('changes the password and shows the success page', async () => {
    server.on('POST', '/customer/change-password', { status: 200, data: {} });
    const router = await renderAccount('/nalog/promijeni-lozinku');
    await fill('Stara123!', ' Nova1234! ', ' Nova1234! ');
    await userEvent.click(submit());
    expect(await screen.findByRole('heading', { name: 'Lozinka je promijenjena' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog/promijeni-lozinku/uspjesno');
    expect(server.callsTo('POST', '/customer/change-password')[0]?.body).toEqual({
      oldPassword: 'Stara123!',
      newPassword: 'Nova1234!',
    });
  });
});
