import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { renderOnboarding } from '../testing';
import { forgotPassword } from '../wizard/storage';

const ID = '0b6a1c2d-3e4f-4a5b-8c7d-9e0f1a2b3c4d';
let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  window.sessionStorage.clear();
});

function atStep(step: number, type: 'PHONE_NUMBER' | 'EMAIL' = 'EMAIL') {
  forgotPassword.reset();
  forgotPassword.started(type, type === 'EMAIL' ? 'demo@ontv.ba' : '38761000001', ID);
  forgotPassword.setStep(step);
}

describe('forgotten password', () => {
  it.each([
    ['demo@ontv.ba', 'EMAIL', 'demo@ontv.ba', '/zaboravljena-lozinka/resetovanje-kod-potvrda-email'],
    ['061 000 001', 'PHONE_NUMBER', '38761000001', '/zaboravljena-lozinka/resetovanje-kod-potvrda-broj-telefona'],
  ])('treats %s as %s and goes to its code screen', async (typed, type, username, next) => {
    server.on('POST', '/forgot-password/check-username', {
      status: 200,
      data: { registrationType: type, primaryUsername: username, identificator: ID },
    });
    const router = await renderOnboarding('/zaboravljena-lozinka');
    expect(screen.getByRole('button', { name: 'Pošalji kod' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('E-mail ili broj telefona'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji kod' }));
    expect(await screen.findByRole('heading', { name: 'Potvrdi kod' })).toBeInTheDocument();
    expect(router.location.pathname).toBe(next);
    expect(server.callsTo('POST', '/forgot-password/check-username')[0]?.body).toEqual({ username, osType: 1 });
    expect(forgotPassword.step()).toBe(2);
  });

  it("shows the server's message when the request fails", async () => {
    server.on('POST', '/forgot-password/check-username', {
      status: 429,
      data: { message: 'Previše zahtjeva. Pokušaj ponovo za 60 min.' },
    });
    await renderOnboarding('/zaboravljena-lozinka');
    await userEvent.type(screen.getByLabelText('E-mail ili broj telefona'), 'demo@ontv.ba');
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji kod' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Previše zahtjeva. Pokušaj ponovo za 60 min.');
  });

  it('refuses a wrong code, approves the right one, and resends with the registration type', async () => {
    server.on('POST', '/forgot-password/approve-code', ({ body }) =>
      (body as { code: string }).code === '111111'
        ? { status: 200, data: {} }
        : { status: 400, data: { message: 'x' } },
    );
    server.on('POST', '/forgot-password/resend-code', { status: 200, data: {} });
    atStep(2);
    const router = await renderOnboarding('/zaboravljena-lozinka/resetovanje-kod-potvrda-email');
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji kod ponovo' }));
    expect(await screen.findByText('Novi kod je uspješno poslat...')).toBeInTheDocument();
    expect(server.callsTo('POST', '/forgot-password/resend-code')[0]?.body).toEqual({
      identificator: ID,
      registrationType: 'EMAIL',
      osType: 1,
    });
    await userEvent.type(screen.getByLabelText('Kod'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Unijeli ste neispravan aktivacioni kod.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Kod'));
    await userEvent.type(screen.getByLabelText('Kod'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByRole('heading', { name: 'Nova lozinka' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke');
    expect(forgotPassword.step()).toBe(3);
  });

  it('sets the new password and ends with a way back to /nalog', async () => {
    server.on('POST', '/forgot-password/reset', { status: 200, data: {} });
    atStep(3);
    await renderOnboarding('/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke');
    await userEvent.type(screen.getByLabelText('Lozinka'), 'Nova1234!');
    await userEvent.type(screen.getByLabelText('Potvrdi lozinku'), 'Nova1234!');
    await userEvent.click(screen.getByRole('button', { name: 'Promijeni lozinku' }));
    expect(await screen.findByRole('heading', { name: 'Lozinka je promijenjena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prijavi se' })).toHaveAttribute('href', '/nalog');
    expect(server.callsTo('POST', '/forgot-password/reset')[0]?.body).toEqual({
      identificator: ID,
      password: 'Nova1234!',
    });
    expect(forgotPassword.id()).toBeNull();
  });

  it.each([
    ['/zaboravljena-lozinka/resetovanje-kod-potvrda-email', 1],
    ['/zaboravljena-lozinka/resetovanje-kod-potvrda-email', 3],
    ['/zaboravljena-lozinka/resetovanje-kod-potvrda-broj-telefona', 2],
    ['/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke', 2],
  ])('sends %s at step %i back to /zaboravljena-lozinka', async (path, step) => {
    atStep(step, 'EMAIL');
    const router = await renderOnboarding(path);
    expect(router.location.pathname).toBe('/zaboravljena-lozinka');
    expect(await screen.findByRole('heading', { name: 'Zaboravljena lozinka' })).toBeInTheDocument();
  });
});
