import { ApiError, parseResponse, pathOf, queryClient, type AnswerOf, type ParamsOf } from '@portal/shared';
import { STAFF_TEXTS, staffEndpoints, type StaffEndpoint } from '@portal/shared/contract/staff';
import { createHttpClient, requestOf as endpointRequest } from '@portal/shared/http';
import type { AxiosAdapter } from 'axios';
import type * as z from 'zod/mini';
import { endSession, sessionStore, touchSession } from './session';

/**
 * The console's own API client, made as the portal's is (`@portal/shared/http`), but with the staff
 * token (never a customer's) and none of the customer client's refresh. Calls go through the contract's
 * staff table (`@portal/shared/contract/staff`), so the console never writes a path or a method.
 */
const client = createHttpClient({ ApiError, token: () => sessionStore.getState().token });

export function configureStaffApi(baseURL: string): void {
  client.instance.defaults.baseURL = baseURL;
}

/** Tests answer the console's calls at axios's adapter edge; null puts the network back. */
export function setStaffAdapter(adapter: AxiosAdapter | null): void {
  client.setAdapter(adapter);
}

type Body<E extends StaffEndpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;
type Query<E extends StaffEndpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
type AuditQuery = Query<typeof staffEndpoints.auditCsv>;
interface StaffCallInput<E extends StaffEndpoint> {
  params?: ParamsOf<E>;
  body?: Body<E>;
  query?: Query<E>;
  /** A sign-in step's challenge token, instead of the session's. */
  challenge?: string;
  signal?: AbortSignal;
}

/** Any call's input, whatever the endpoint (StaffCallInput types it per endpoint). */
interface RequestInput {
  params?: Record<string, string>;
  body?: unknown;
  query?: unknown;
  challenge?: string;
  signal?: AbortSignal;
}

/** A sign-in step's challenge token goes instead of the session's (which the client adds to any other call). */
function requestOf(endpoint: StaffEndpoint, input: RequestInput) {
  const headers: Record<string, string> = input.challenge ? { Authorization: `Bearer ${input.challenge}` } : {};
  return endpointRequest(endpoint.method, pathOf(endpoint.path, '', input.params), { ...input, headers });
}

/**
 * A failure as the pages explain it (ApiError, the server's Bosnian message). A 401 on a signed-in call
 * ends the session in this tab: the console shows the sign-in form with why.
 */
function failure(error: unknown, endpoint: StaffEndpoint, input: RequestInput): ApiError {
  const apiError = client.failureOf(error, endpoint.path);
  if (apiError.status === 401 && !input.challenge && endpoint.access !== 'public') {
    endSession(apiError.serverMessage ?? STAFF_TEXTS.sessionOver);
    queryClient.removeQueries({ queryKey: ['staff'] });
  }
  return apiError;
}

/** Calls one staff endpoint; the answer is checked against its schema. */
export async function staffCall<E extends StaffEndpoint>(
  endpoint: E,
  input: StaffCallInput<E> = {},
): Promise<AnswerOf<E>> {
  try {
    const response = await client.instance.request(requestOf(endpoint, input as RequestInput));
    if (!input.challenge) touchSession();
    if (!endpoint.answer) return undefined as AnswerOf<E>;
    return parseResponse(
      endpoint.answer as z.ZodMiniType,
      response.data,
      `${endpoint.method} ${endpoint.path}`,
    ) as AnswerOf<E>;
  } catch (error) {
    throw error instanceof ApiError ? error : failure(error, endpoint, input as RequestInput);
  }
}

/** The audit trail's CSV with the list's filters, as a file to save. */
export async function auditCsv(query: AuditQuery): Promise<Blob> {
  const endpoint = staffEndpoints.auditCsv;
  const input: RequestInput = { query };
  try {
    const response = await client.instance.request<Blob>({ ...requestOf(endpoint, input), responseType: 'blob' });
    return response.data;
  } catch (error) {
    throw failure(error, endpoint, input);
  }
}

export { staffEndpoints };
