/** Pure formatting and business rules, importable without React or the API client (the embed widget uses it). */
export { formatKM, splitVat, VAT_RATE } from './money';
export { formatDate, formatTime, formatDateTime, parseDay } from './date';
export { normaliseUsername, COUNTRY_PREFIX } from '../contract/username';
export { activePromo, freePeriodSpecification, isPromoActive, promoRibbon } from './promo';
export { csvLine } from './csv';
