/** The PIN's rule and answers (product.md §5, PIN), on the PIN page and in the API. */
export const PIN_RULE_TEXTS = {
  format: 'PIN mora imati 4 cifre.',
  wrong: 'Uneseni PIN je netačan', // product.md §5, §8
  mismatch: 'Uneseni PIN-ovi se ne podudaraju', // product.md §5
  tooManyWrong: 'Previše pogrešnih PIN-ova.',
} as const;
