import { useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { useSubmit } from '../api/useSubmit';
import type { ApiError } from '../api/errors';

type Values = Record<string, string | boolean>;

/** The first message the schema gives each field (a rule across fields names the field it marks with its `path`). */
function fieldErrors<V extends Values>(schema: z.ZodMiniType, values: V): Partial<Record<keyof V, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<keyof V, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof V | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export interface FormOptions<S extends z.ZodMiniType, E> {
  /** The fields' rules: the contract's schema for the request, or one made from it (a confirmation, a consent). */
  schema: S;
  /** What the fields hold when the form opens. */
  initial: z.input<S> & Values;
  /** What a keystroke may leave in a field (`digitsOnly`): applied as the customer types. */
  keep?: Partial<Record<string, (typed: string) => string>>;
  /**
   * Fields whose message shows as soon as they hold something, before the first send (a rule to meet while
   * typing: product.md §5's password rule and confirmation). Every other message waits for the first send.
   */
  live?: readonly string[];
  /** The API's failure as the form shows it: a text (the server's message, else this) or your own shape (useSubmit). */
  explain: string | ((error: ApiError) => E);
  /** Sends what the schema made of the fields; the form stays busy while it runs (and after, as the page moves on). */
  send: (data: z.output<S>) => Promise<unknown>;
}

/**
 * One form: its values, each field's message from the schema (shown once the customer has tried to send,
 * then as they type; a `live` field's as soon as it holds something), and the send through useSubmit (one at a time; the API's failure in `failure`).
 * The same schema parses the request in the API, so the form and the server hold the same rules.
 */
export function useForm<S extends z.ZodMiniType, E = string>(options: FormOptions<S, E>) {
  type V = z.input<S> & Values;
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(options.initial);
  const [tried, setTried] = useState(false);
  // useSubmit tells a text from a function itself; its two overloads are one here.
  const submit = useSubmit(options.explain as (error: ApiError) => E | string);
  const found: Partial<Record<Field, string>> = fieldErrors(options.schema, values);
  const errors = tried
    ? found
    : (Object.fromEntries(
        Object.entries(found).filter(([name]) => options.live?.includes(name) && values[name] !== ''),
      ) as Partial<Record<Field, string>>);

  const set = (field: Field, value: V[Field]) => {
    const keep = options.keep?.[field];
    setValues((current) => ({ ...current, [field]: keep && typeof value === 'string' ? keep(value) : value }));
    submit.setError(null);
  };

  /** A text field's wiring: its value, what typing does, and its message. */
  const field = (name: Field) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[Field]),
    error: errors[name],
  });

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) return;
    void submit.run(() => options.send(parsed.data as z.output<S>));
  };

  return {
    values,
    set,
    field,
    errors,
    /** The schema accepts the fields as they are (for a button that waits for them). */
    valid: options.schema.safeParse(values).success,
    onSubmit,
    busy: submit.busy,
    /** The API's last failure, explained; cleared when the customer types. */
    failure: submit.error,
    setFailure: submit.setError,
  };
}
