import type * as z from 'zod/mini';

/** Every failed call surfaces as this: an HTTP status (0 when the server was not reached) and the server's message, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly url: string | undefined,
    readonly code?: string,
  ) {
    super(serverMessage ?? (status ? `Request failed with status ${status}` : 'Server is not reachable'));
    this.name = 'ApiError';
  }
}

/** A response that does not match the contract: a clear error instead of a crash further on. */
export class ContractError extends Error {
  constructor(
    readonly url: string,
    readonly issues: string[],
  ) {
    super(`Response of ${url} does not match the contract: ${issues.join('; ')}`);
    this.name = 'ContractError';
  }
}

/** Any failure as an ApiError: the API client's own, or status 0 (the server not reached, or not an API failure). */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, undefined, undefined);
}

export function parseResponse<S extends z.ZodMiniType>(schema: S, data: unknown, url: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContractError(
      url,
      result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return result.data;
}

/** The server's message when it sent one, otherwise the fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
