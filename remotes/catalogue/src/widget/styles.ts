/**
 * The widget's own styles, scoped by its shadow root. `all: initial` on the host (important, which
 * beats the page's own important rules there) stops the page's inherited fonts and colours at the door.
 */
export const WIDGET_CSS = `
:host {
  all: initial !important;
  display: block !important;
  contain: content;
  --tvp-text: #141629;
  --tvp-muted: #4d5170;
  --tvp-border: #dfe1ec;
  --tvp-surface: #ffffff;
  --tvp-accent: #c2185b;
  --tvp-accent-strong: #9c0f48;
  --tvp-accent-text: #a3124f;
  --tvp-accent-soft: #fbe6ef;
  --tvp-success: #17733a;
  --tvp-success-soft: #e6f4ea;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Liberation Sans', Arial, sans-serif !important;
  font-size: 16px !important;
  line-height: 1.5 !important;
  color: var(--tvp-text) !important;
  text-align: left !important;
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: border-box; }
.root { display: block; }
.grid {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 17em), 1fr));
  gap: 1.25em;
}
.card {
  display: flex;
  flex-direction: column;
  background: var(--tvp-surface);
  border: 1px solid var(--tvp-border);
  border-radius: 18px;
  overflow: hidden;
  box-shadow: 0 1px 2px rgba(20, 22, 41, 0.06), 0 8px 24px rgba(20, 22, 41, 0.06);
  container-type: inline-size;
}
.spotlight { border: 2px solid var(--tvp-accent); }
/*
 * One line, whatever the promo says: the band held while the prices load then takes the height of the
 * one that arrives, so nothing below it moves (on a phone a long promo would wrap where a short one does not).
 */
.ribbon {
  margin: 0;
  padding: 0.5em 1em;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  font-size: min(1em, 3.8cqi);
  background: var(--tvp-accent);
  color: #fff;
  font-weight: 700;
  text-align: center;
}
.body { display: flex; flex-direction: column; flex: 1; padding: 1.4em; }
.badge {
  align-self: flex-start;
  margin: 0 0 0.5em;
  padding: 0.1em 0.6em;
  border-radius: 999px;
  background: var(--tvp-accent-soft);
  color: var(--tvp-accent-text);
  font-size: 0.85em;
  font-weight: 700;
}
.name { margin: 0; font-size: 1.8em; line-height: 1.2; font-weight: 800; }
.channels { margin: 0.25em 0 0; font-size: 1.1em; font-weight: 700; }
a { color: var(--tvp-accent-text); }
a:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
.services { margin: 1em 0; padding: 0; list-style: none; display: grid; gap: 0.35em; }
.services li { padding-left: 1.5em; position: relative; }
.services li::before {
  content: '';
  position: absolute;
  left: 0.2em;
  top: 0.35em;
  width: 0.7em;
  height: 0.4em;
  border-left: 3px solid var(--tvp-success);
  border-bottom: 3px solid var(--tvp-success);
  transform: rotate(-45deg);
}
.multiscreen { margin: 0 0 1.25em; color: var(--tvp-muted); }
.footer { margin-top: auto; display: grid; gap: 0.75em; }
.price { margin: 0; }
.price strong { font-size: 1.7em; }
.price span, .muted { color: var(--tvp-muted); }
.button {
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0.6em 1.4em;
  border-radius: 999px;
  background: var(--tvp-accent);
  color: #fff;
  font-weight: 700;
  letter-spacing: 0.02em;
  text-decoration: none;
}
.button:hover { background: var(--tvp-accent-strong); }
.notice {
  margin: 0 0 1em;
  padding: 0.75em 1em;
  border-radius: 10px;
  background: #fdecea;
  color: #7d1a14;
}
.notice p { margin: 0 0 0.5em; }
.retry {
  min-height: 44px;
  padding: 0.4em 1.2em;
  border: 2px solid currentColor;
  border-radius: 999px;
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
}
.retry:focus-visible, .button:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
/* Held while the prices load: the same size, not seen. */
.held { visibility: hidden; }
.visually-hidden {
  position: absolute !important;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
.note { margin: 1.25em 0 0; color: var(--tvp-muted); }
.status { margin: 0 0 1em; color: var(--tvp-muted); }
`;
