import { beforeEach, describe, expect, it } from '@jest/globals';
import { fakeApi, fakeToken, demoClaims, type FakeApi } from '../testing';
import { authStore } from './store';
import { getToken, setToken, watchOtherTabs } from './token';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
});

describe('auth store bootstrap', () => {
  it('marks a visitor without a token unauthorized, and initialized', () => {
    authStore.getState().bootstrap();
    expect(authStore.getState()).toMatchObject({ initialized: true, authorized: false, tokenData: null });
  });

  it('decodes a stored token into token data', () => {
    setToken(fakeToken(demoClaims));
    authStore.getState().bootstrap();
    expect(authStore.getState()).toMatchObject({ initialized: true, authorized: true, tokenData: demoClaims });
  });

  it('swallows a token that cannot be decoded', () => {
    window.localStorage.setItem('ontv.token', 'not-a-jwt');
    expect(() => authStore.getState().bootstrap()).not.toThrow();
    expect(authStore.getState()).toMatchObject({ initialized: true, authorized: false, tokenData: null });
  });

  it('follows logins and logouts of other tabs', () => {
    authStore.getState().bootstrap();
    const unwatch = watchOtherTabs();
    const token = fakeToken(demoClaims);
    window.dispatchEvent(new StorageEvent('storage', { key: 'ontv.token', newValue: token }));
    expect(authStore.getState()).toMatchObject({ authorized: true, tokenData: demoClaims });
    window.dispatchEvent(new StorageEvent('storage', { key: 'ontv.token', newValue: null }));
    expect(authStore.getState()).toMatchObject({ authorized: false, tokenData: null });
    unwatch();
  });
});

describe('login', () => {
  it('sends the normalised username with the device identity and stores the token', async () => {
    const token = fakeToken(demoClaims);
    server.on('POST', '/login', { status: 200, data: { token, pin: '1234', firstLogin: false } });
    authStore.getState().bootstrap();

    const response = await authStore.getState().login({ username: '061 000 001', password: 'Tajna123!' });

    expect(response.pin).toBe('1234');
    expect(server.calls[0]?.body).toEqual({
      username: '38761000001',
      password: 'Tajna123!',
      deviceType: 'ontv',
      deviceUsername: expect.stringMatching(/^web-[0-9a-f]{24}$/),
      devicePassword: expect.stringMatching(/^[0-9a-f]{64}$/),
      deviceName: expect.stringMatching(/^Web \(/),
    });
    expect(getToken()).toBe(token);
    expect(authStore.getState()).toMatchObject({ authorized: true, tokenData: { first_name: 'Amra' } });
  });

  it('keeps the same device identity across logins', async () => {
    server.on('POST', '/login', { status: 200, data: { token: fakeToken(demoClaims), pin: null, firstLogin: true } });
    await authStore.getState().login({ username: 'a@b.ba', password: 'x' });
    await authStore.getState().login({ username: 'a@b.ba', password: 'x' });
    const [first, second] = server.calls.map((c) => c.body as Record<string, string>);
    expect(first?.deviceUsername).toBe(second?.deviceUsername);
    expect(first?.devicePassword).toBe(second?.devicePassword);
  });

  it('rejects and stays logged out on a failed login', async () => {
    server.on('POST', '/login', { status: 401, data: { message: 'Pogrešno korisničko ime ili lozinka.' } });
    await expect(authStore.getState().login({ username: 'a@b.ba', password: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getToken()).toBeNull();
    expect(authStore.getState().authorized).toBe(false);
  });

  it('rejects a login answer that breaks the contract', async () => {
    server.on('POST', '/login', { status: 200, data: { token: 42 } });
    await expect(authStore.getState().login({ username: 'a@b.ba', password: 'x' })).rejects.toThrow(
      /does not match the contract/,
    );
    expect(getToken()).toBeNull();
  });
});

describe('logout', () => {
  it('clears state and storage, then calls logout with the old token', async () => {
    const token = fakeToken(demoClaims);
    setToken(token);
    authStore.getState().bootstrap();
    server.on('POST', '/logout', { status: 204 });

    await authStore.getState().logout();

    expect(authStore.getState()).toMatchObject({ authorized: false, tokenData: null });
    expect(getToken()).toBeNull();
    expect(server.callsTo('POST', '/logout')[0]?.authorization).toBe(`Bearer ${token}`);
  });

  it('ignores errors of the logout call', async () => {
    setToken(fakeToken(demoClaims));
    authStore.getState().bootstrap();
    server.on('POST', '/logout', { status: 500 });
    await expect(authStore.getState().logout()).resolves.toBeUndefined();
    expect(authStore.getState().authorized).toBe(false);
  });
});
