const round2 = (value: number): number => Math.round(value * 100) / 100;

/** VAT rate of spec 9. */
export const VAT_RATE = 0.17;

/** `12,90 KM`: two decimals with a decimal comma (spec 9). Grouping uses a dot: `1.234,50 KM`. */
export function formatKM(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}${grouped},${cents} KM`;
}

/** Net and VAT parts of a VAT-inclusive amount: net = gross / 1.17, VAT = 17% of the net. */
export function splitVat(gross: number): { net: number; vat: number } {
  const exactNet = gross / (1 + VAT_RATE);
  return { net: round2(exactNet), vat: round2(exactNet * VAT_RATE) };
}
