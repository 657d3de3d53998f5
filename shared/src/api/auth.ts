import type { LoginRequest, LoginResponse } from '../contract/auth';
import { calls } from './client';

export const postLogin = (body: LoginRequest): Promise<LoginResponse> => calls.login({ body });

/** Sends the token explicitly: the store has already forgotten it when logout is called. */
export async function postLogout(token: string | null): Promise<void> {
  await calls.logout(token ? { headers: { Authorization: `Bearer ${token}` } } : {});
}
