/** The ON TV word mark, drawn inline so it costs no request. */
export function Logo() {
  return (
    <svg viewBox="0 0 120 36" width="104" height="32" aria-hidden="true" focusable="false">
      <circle cx="18" cy="18" r="12.5" fill="none" stroke="#e91e63" strokeWidth="5" />
      <rect x="15.5" y="1" width="5" height="14" rx="2.5" fill="currentColor" />
      <text
        x="38"
        y="26"
        fill="currentColor"
        fontFamily="system-ui, Arial, sans-serif"
        fontSize="22"
        fontWeight="800"
        letterSpacing="1"
      >
        ON TV
      </text>
    </svg>
  );
}
