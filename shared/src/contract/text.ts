import * as z from 'zod/mini';
import { FIELD_TEXTS } from '../texts/fields';

/**
 * Characters that make a value print as more than it is in what others read (an e-mail, an SMS, the
 * PDF invoice, the devices list): control characters (line breaks, tabs, NUL, bell…), the Unicode
 * line and paragraph separators, and the bidirectional marks, embeddings, overrides and isolates.
 */
const FORGING_CHARACTERS = /[\p{Cc}\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;
export const FORGING_MESSAGE = FIELD_TEXTS.forging;

/** True when the value is one line of plain text. */
export const isPlainLine = (value: string): boolean => !FORGING_CHARACTERS.test(value);

/**
 * A line of text others will read (a name, a device name): trimmed, in NFC (a letter typed as a base
 * and a combining accent is stored as the one letter), without FORGING_CHARACTERS, held to a length.
 */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .check(z.trim(), z.normalize('NFC'), z.minLength(min), z.maxLength(max), z.refine(isPlainLine, FORGING_MESSAGE));
