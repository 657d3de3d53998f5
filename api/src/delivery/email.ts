import type { OperatorSettings } from '@portal/shared/contract';
import type { MessageKind } from './notifier';
import { messages } from '@portal/shared/texts';
import { toCyrillic } from '@portal/shared/texts/script';

/** What the sender knows of a message: its words (unsealed for this delivery only) and its extras. */
interface Outgoing {
  kind: MessageKind;
  subject: string;
  text: string;
  code: string | null;
  link?: { path: string; label: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The logo, embedded (no remote images): an inline attachment the HTML names by this content id. */
export const LOGO_CID = 'logo@ontv.ba';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text without its SMS prefix, starting with a capital. */
function bodyOf(text: string): string {
  const body = text.replace(/^ON TV: /, '');
  return body.charAt(0).toUpperCase() + body.slice(1);
}

/**
 * An e-mail in Bosnian (docs/messages.md): a plain-text part (the message, the link, the support
 * contact) and a simple HTML part readable on a phone: the logo, the message, a code set large, a
 * button for the link, and the operator's support contact. No remote images, no scripts.
 */
export function renderEmail(
  message: Outgoing,
  options: { publicUrl: string; operator: OperatorSettings; cyrillic?: boolean },
): RenderedEmail {
  // In Cyrillic (decision 054) the frame's words too; the message's own were written so (delivery/notifier.ts).
  const write = options.cyrillic ? toCyrillic : (words: string) => words;
  const operator = {
    ...options.operator,
    name: write(options.operator.name),
    address: write(options.operator.address),
  };
  const href = message.link ? `${options.publicUrl}${message.link.path}` : null;
  const support = write(`${messages.support} ${operator.supportPhone}, ${operator.supportEmail}`);
  const text = [
    message.text,
    href ? `${message.link!.label}: ${href}` : null,
    `--\n${support}\n${operator.name}, ${operator.address}`,
  ]
    .filter(Boolean)
    .join('\n\n');

  const body = `<p style="margin:0 0 16px">${escape(bodyOf(message.text))}</p>`;
  const code = message.code
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;color:#0f0f2d" aria-label="${write('Kod')}">${escape(message.code)}</p>`
    : '';
  const button = href
    ? `<p style="margin:8px 0 0"><a href="${escape(href)}" style="display:inline-block;background:#c2185b;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px">${escape(message.link!.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${options.cyrillic ? 'bs-Cyrl' : 'bs'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(message.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f1f6;font-family:Arial,Helvetica,sans-serif;color:#16163a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f1f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0f0f2d;padding:18px 24px"><img src="cid:${LOGO_CID}" width="104" height="32" alt="ON TV" style="display:block;border:0"></td></tr>
<tr><td style="padding:28px 24px 24px;font-size:16px;line-height:1.55">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${escape(bodyOf(message.subject))}</h1>
${code}${body}${button}
</td></tr>
<tr><td style="padding:16px 24px 20px;border-top:1px solid #e4e4ee;font-size:13px;line-height:1.5;color:#4a4a68">${escape(support)}<br>${escape(operator.name)}, ${escape(operator.address)}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { subject: message.subject, text, html };
}
