/**
 * Money in the API is whole fening (1 KM = 100 fening), as the database stores it: sums and prorating
 * never meet a fraction. KM with decimals exist only at the edge, in the contract's answers and
 * requests (`price: 9.9`) and in texts (formatKM): these two functions are the only conversions.
 */
export type Fening = number;

/** Fening as the contract's KM amount (990 → 9.9). */
export const fromFening = (fening: Fening): number => fening / 100;

/** A KM amount of a request as fening, rounded to the fening (9.9 → 990). */
export const toFening = (km: number): Fening => Math.round(km * 100);
