import * as z from 'zod/mini';
import { hr } from 'zod/v4/locales';

// zod's own messages (a field missing, of the wrong type, too long) in Croatian, the closest of its
// languages to Bosnian: every refusal the API answers reads in the customer's language. The contract's
// own messages (the form rules) are Bosnian already.
z.config(hr());

/** A request the contract refuses: answered with 400 and a message naming the bad fields. */
export class BadRequestError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: string[]) {
    super(`Neispravan zahtjev: ${fields.join('; ')}`);
  }
}

/** An error that is the client's to fix, with a Bosnian message to show as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export { UUID } from '../errors';

export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new BadRequestError(
      result.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || 'tijelo'}: ${i.message}`),
    );
  }
  return result.data;
}

/** Checks an answer against the contract before it leaves: a mismatch is our bug, logged as a 500. */
export function respond<S extends z.ZodMiniType>(schema: S, value: z.infer<S>): z.infer<S> {
  return schema.parse(value);
}
