/** The VAT rate (product.md §9). */
export const VAT_RATE = 0.17;

/** `12,90 KM`: two decimals with a decimal comma (product.md §9). Grouping uses a dot: `1.234,50 KM`. */
export function formatKM(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}${grouped},${cents} KM`;
}

/**
 * Net and VAT parts of a VAT-inclusive amount (product.md §9: net = gross / 1.17, VAT = 17% of the net).
 * Worked in whole fenings: the net is rounded and the VAT is what remains, so net + VAT is always
 * the gross to the fening (and the VAT is 17% of the net within 0.6 fening).
 */
export function splitVat(gross: number): { net: number; vat: number; gross: number } {
  const grossFening = Math.round(gross * 100);
  const netFening = Math.round(grossFening / (1 + VAT_RATE));
  return { net: netFening / 100, vat: (grossFening - netFening) / 100, gross: grossFening / 100 };
}
