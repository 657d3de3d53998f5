import {
  loginResponseSchema,
  type LoginRequest,
  type LoginResponse,
} from '../contract/auth';
import { api } from './client';
import { parseResponse } from './errors';

export async function postLogin(body: LoginRequest): Promise<LoginResponse> {
  const response = await api.post('/login', body);
  return parseResponse(loginResponseSchema, response.data, '/login');
}

/** Sends the token explicitly: the store has already forgotten it when logout is called. */
export async function postLogout(token: string | null): Promise<void> {
  await api.post('/logout', undefined, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
}
