/** The fields several of the console's areas share: a row's id, a day, and why a member acts. */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';

/** A row's id in a query string or path: a positive PostgreSQL integer. */
export const isRowId = (value: string): boolean => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
/** A calendar day, `YYYY-MM-DD`, that exists, from 2000 to 2099. */
export const isDay = (value: string): boolean => {
  if (!/^20\d{2}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const reasonSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(3, STAFF_TEXTS.reasonNeeded),
      z.maxLength(500),
      z.regex(/^[^\p{Cc}]*$/u, STAFF_TEXTS.reasonNeeded),
    ),
);
