/** How long a one-time code works (docs/limits.md); the code's message says so (delivery/notices.ts). */
export const CODE_TTL_MINUTES = 10;
