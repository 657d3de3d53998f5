import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken, session } from '@portal/shared';
import { fakeApi, fakeToken, type FakeApi } from '@portal/shared/testing';
import { renderOnboarding } from '../testing';
import { registration } from '../wizard/storage';
import { RESEND_LOCK_MS } from '../wizard/ResendLink';

const GUID = '6f1c2f1e-8b0a-4d6e-9a53-2c1d4e5f6a7b';
let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  window.sessionStorage.clear();
  registration.setPassword(null);
});
afterEach(() => {
  jest.useRealTimers();
});

/** Puts the wizard at a step, as the earlier screens would have. */
function atStep(step: number, type: 'PHONE_NUMBER' | 'EMAIL' = 'PHONE_NUMBER') {
  registration.reset();
  registration.started(type, type === 'PHONE_NUMBER' ? '38762111333' : 'ana@example.ba', GUID);
  registration.setStep(step);
}

describe('registration: start and contact screens', () => {
  it('the start page offers phone, e-mail and login, and starts a fresh session at step 1', async () => {
    atStep(4);
    registration.setPassword('Staro123!');
    await renderOnboarding('/kreiraj-nalog');
    expect(screen.getByRole('link', { name: 'Putem broja telefona' })).toHaveAttribute(
      'href',
      '/kreiraj-nalog/broj-telefona',
    );
    expect(screen.getByRole('link', { name: 'Putem e-mail adrese' })).toHaveAttribute('href', '/kreiraj-nalog/e-mail');
    expect(screen.getByRole('link', { name: 'Prijavi se' })).toHaveAttribute('href', '/nalog');
    expect(registration.step()).toBe(1);
    expect(registration.guid()).toBeNull();
    expect(registration.password()).toBeNull();
  });

  it('checks the phone format, sends the normalised number and goes to the code screen', async () => {
    server.on('POST', '/start-registration', { status: 200, data: { data: GUID } });
    atStep(1);
    const router = await renderOnboarding('/kreiraj-nalog/broj-telefona');
    const submit = screen.getByRole('button', { name: 'Pošalji kod' });
    expect(submit).toBeDisabled();
    const phone = screen.getByLabelText('Broj mobilnog telefona');
    await userEvent.type(phone, '0711234567');
    await userEvent.click(submit);
    expect(phone).toHaveAccessibleDescription('Broj telefona mora biti u formatu 06x xxx xxx(x).');
    expect(server.calls).toHaveLength(0);
    await userEvent.clear(phone);
    await userEvent.type(phone, '062 111 333x');
    expect(phone).toHaveValue('062 111 333');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Potvrdi broj telefona' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/kreiraj-nalog/potvrdi-broj-telefona');
    expect(server.callsTo('POST', '/start-registration')[0]?.body).toMatchObject({
      registrationType: 'PHONE_NUMBER',
      username: '38762111333',
      osType: 1,
      deviceType: 'PHONE',
    });
    expect(registration.step()).toBe(3);
  });

  it("shows the server's message under the form when starting fails", async () => {
    server.on('POST', '/start-registration', {
      status: 409,
      data: { message: 'Nalog s ovom e-mail adresom već postoji.' },
    });
    atStep(1, 'EMAIL');
    await renderOnboarding('/kreiraj-nalog/e-mail');
    await userEvent.type(screen.getByLabelText('E-mail adresa'), 'demo@ontv.ba');
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji kod' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nalog s ovom e-mail adresom već postoji.');
  });
});

describe('registration: code screen and resend link', () => {
  it("answers a wrong code with 'Unijeli ste neispravan aktivacioni kod.' and a numeric check", async () => {
    server.on('POST', '/approve/sms', { status: 400, data: { message: 'x' } });
    atStep(2);
    await renderOnboarding('/kreiraj-nalog/potvrdi-broj-telefona');
    expect(screen.getByText('+38762111333')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Kod'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi' }));
    expect(screen.getByLabelText('Kod')).toHaveAccessibleDescription('Kod se sastoji samo od cifara.');
    await userEvent.clear(screen.getByLabelText('Kod'));
    await userEvent.type(screen.getByLabelText('Kod'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Unijeli ste neispravan aktivacioni kod.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/approve/sms')[0]?.body).toEqual({ identificator: GUID, smsCode: '123456' });
  });

  it('approves an e-mail code and moves to the password', async () => {
    server.on('POST', '/approve/mail', { status: 200, data: {} });
    atStep(3, 'EMAIL');
    const router = await renderOnboarding('/kreiraj-nalog/potvrdi-e-mail');
    await userEvent.type(screen.getByLabelText('Kod'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByRole('heading', { name: 'Kreiraj lozinku' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/kreiraj-nalog/kreiraj-lozinku');
    expect(server.callsTo('POST', '/approve/mail')[0]?.body).toEqual({ identificator: GUID, mailCode: '654321' });
  });

  it.each([
    [200, 'Novi kod je uspješno poslat...'],
    [429, 'Greška prilikom slanja novog koda...'],
  ])('resend answered %s: shows its message, stays blocked, and is back after 5 seconds', async (status, message) => {
    jest.useFakeTimers();
    server.on('POST', '/resend/sms', { status, data: {} });
    atStep(3);
    await renderOnboarding('/kreiraj-nalog/potvrdi-broj-telefona');
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Pošalji kod ponovo' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pošalji kod ponovo' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(RESEND_LOCK_MS - 100));
    expect(screen.getByText(message)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Pošalji kod ponovo' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/resend/sms')[0]?.body).toEqual({ identificator: GUID, osType: 1 });
  });
});

describe('registration: password and personal data', () => {
  it('checks the password rule and the confirmation, and keeps the password in memory only', async () => {
    atStep(3);
    await renderOnboarding('/kreiraj-nalog/kreiraj-lozinku');
    const password = screen.getByLabelText('Lozinka');
    expect(password).toHaveAccessibleDescription('Minimalno 8 karaktera');
    await userEvent.type(password, 'kratka');
    expect(password).toHaveAccessibleDescription(
      'Minimalno 8 karaktera Lozinka mora sadržavati bar jedno veliko slovo, malo slovo, broj i specijalni karakter.',
    );
    await userEvent.clear(password);
    await userEvent.type(password, ' Lozinka1! ');
    await userEvent.type(screen.getByLabelText('Potvrdi lozinku'), 'Lozinka1?');
    expect(screen.getByLabelText('Potvrdi lozinku')).toHaveAccessibleDescription('Lozinke se ne poklapaju.');
    expect(screen.getByRole('button', { name: 'Dalje' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Potvrdi lozinku'));
    await userEvent.type(screen.getByLabelText('Potvrdi lozinku'), 'Lozinka1!');
    await userEvent.click(screen.getByRole('button', { name: 'Dalje' }));
    expect(await screen.findByRole('heading', { name: 'Lični podaci' })).toBeInTheDocument();
    expect(registration.password()).toBe('Lozinka1!');
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage })).not.toContain('Lozinka1!');
  });

  it('requires both names, finishes the registration, logs in and shows the PIN', async () => {
    server
      .on('POST', '/continue-registration', { status: 200, data: {} })
      .on('POST', '/finish-registration', { status: 200, data: { pin: '4821' } })
      .on('POST', '/login', {
        status: 200,
        data: {
          token: fakeToken({
            first_name: 'Ana',
            last_name: 'Kovač',
            device_username: 'web-x',
            email: null,
            phone_number: '38762111333',
            authentication_type: 1,
          }),
          pin: '4821',
          firstLogin: true,
        },
      });
    atStep(4);
    registration.setPassword('Lozinka1!');
    const router = await renderOnboarding('/kreiraj-nalog/licni-podaci');
    await userEvent.click(screen.getByRole('button', { name: 'Kreiraj nalog' }));
    expect(screen.getByLabelText('Ime')).toHaveAccessibleDescription('Ime je obavezno.');
    expect(screen.getByLabelText('Prezime')).toHaveAccessibleDescription('Prezime je obavezno.');
    await userEvent.type(screen.getByLabelText('Ime'), ' Ana ');
    await userEvent.type(screen.getByLabelText('Prezime'), 'Kovač');
    await userEvent.click(screen.getByRole('button', { name: 'Kreiraj nalog' }));
    expect(await screen.findByRole('heading', { name: 'Čestitamo!' })).toBeInTheDocument();
    expect(screen.getByText('4821')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Izaberi paket' })).toHaveAttribute('href', '/paketi');
    expect(screen.getByRole('link', { name: 'Promijeni PIN' })).toHaveAttribute('href', '/nalog/promijeni-pin');
    expect(router.location.pathname).toBe('/kreiraj-nalog/registracija-uspjesna');
    expect(server.callsTo('POST', '/continue-registration')[0]?.body).toMatchObject({
      identificator: GUID,
      password: 'Lozinka1!',
      firstName: 'Ana',
      lastName: 'Kovač',
      registrationType: 'PHONE_NUMBER',
      osType: 1,
    });
    expect(server.callsTo('POST', '/login')[0]?.body).toMatchObject({ username: '38762111333', password: 'Lozinka1!' });
    expect(getToken()).not.toBeNull();
    expect(registration.password()).toBeNull();
  });

  it('only logs a failed completion (product.md §8) and lets the customer try again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('POST', '/continue-registration', { status: 500, data: {} });
    atStep(5);
    registration.setPassword('Lozinka1!');
    await renderOnboarding('/kreiraj-nalog/licni-podaci');
    await userEvent.type(screen.getByLabelText('Ime'), 'Ana');
    await userEvent.type(screen.getByLabelText('Prezime'), 'Kovač');
    await userEvent.click(screen.getByRole('button', { name: 'Kreiraj nalog' }));
    expect(await screen.findByRole('button', { name: 'Kreiraj nalog' })).toBeEnabled();
    expect(warn).toHaveBeenCalledWith('Registration could not be completed', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the password again when a reload lost it', async () => {
    atStep(5);
    const router = await renderOnboarding('/kreiraj-nalog/licni-podaci');
    await userEvent.click(screen.getByRole('button', { name: 'Unesi lozinku ponovo' }));
    expect(await screen.findByRole('heading', { name: 'Kreiraj lozinku' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/kreiraj-nalog/kreiraj-lozinku');
  });
});

describe('registration: the step table of product.md §4', () => {
  it.each([
    ['/kreiraj-nalog/broj-telefona', [1, 2], 2],
    ['/kreiraj-nalog/e-mail', [1, 2], 2],
    ['/kreiraj-nalog/potvrdi-broj-telefona', [2, 3], 3],
    ['/kreiraj-nalog/kreiraj-lozinku', [3, 4], 4],
    ['/kreiraj-nalog/licni-podaci', [4, 5], 5],
  ])('%s accepts steps %j and records step %i; any other step goes to /kreiraj-nalog', async (path, accepts, sets) => {
    for (const step of [0, 1, 2, 3, 4, 5]) {
      window.sessionStorage.clear();
      atStep(step);
      if (step === 0) session.remove('registration_step');
      registration.setPassword('Lozinka1!');
      const router = await renderOnboarding(path);
      if (accepts.includes(step)) {
        expect([step, router.location.pathname]).toEqual([step, path]);
        expect(registration.step()).toBe(sets);
      } else {
        expect([step, router.location.pathname]).toEqual([step, '/kreiraj-nalog']);
      }
      document.body.replaceChildren();
    }
  });

  it('the success page needs step 5, else it goes to /nalog', async () => {
    atStep(4);
    registration.setPin('1234');
    const router = await renderOnboarding('/kreiraj-nalog/registracija-uspjesna');
    expect(router.location.pathname).toBe('/nalog');
  });
});
