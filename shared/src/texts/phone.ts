/** A phone number as a customer reads it: stored as `387…`, shown with its `+`. */
export const shownPhone = (stored: string): string => (stored.startsWith('+') ? stored : `+${stored}`);
