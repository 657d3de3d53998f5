/**
 * A mail server's certificate that Node.js refuses, in the operator's words. Node's TLS names the
 * problem with OpenSSL's code (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED…) or its own for a name
 * the certificate does not cover (ERR_TLS_CERT_ALTNAME_INVALID); nodemailer keeps that code as
 * `originalCode` under its own ESOCKET or ETLS. Such a server is not down: trying again cannot help,
 * only the operator can, so it is a TLS failure of decision 037 (a refused start, messages held).
 */

/** What each code says of the certificate, after "it". */
const PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'comes from a CA Node.js does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'is signed by a CA Node.js does not know',
  UNABLE_TO_GET_ISSUER_CERT: 'is signed by a CA Node.js does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'is signed by a CA Node.js does not know',
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: "is not valid yet (is this machine's clock right?)",
  ERR_TLS_CERT_ALTNAME_INVALID: 'does not name the server',
};

/** OpenSSL's other codes for a refused certificate (CERT_REVOKED, INVALID_CA…): told in Node's own words. */
const OTHER_CODE = /CERT|SIGNATURE|ISSUER|^INVALID_CA$|^INVALID_PURPOSE$|^PATH_LENGTH_EXCEEDED$|^HOSTNAME_MISMATCH$/;

/** The code of a refused certificate, and what it says of it. */
interface CertificateProblem {
  code: string;
  problem: string;
}

/** The fields of a failed connection that may carry a certificate's code. */
interface TlsFailure {
  message: string;
  code?: string;
  originalCode?: string;
  cause?: unknown;
}

/** What is wrong with the server's certificate, or null when the failure is not about it (a server down, a refused login). */
export function certificateProblem(error: TlsFailure): CertificateProblem | null {
  const cause = (error.cause ?? {}) as Partial<TlsFailure>;
  for (const code of [error.originalCode, error.code, cause.originalCode, cause.code]) {
    if (typeof code !== 'string') continue;
    const problem = PROBLEMS[code];
    if (problem) return { code, problem };
    if (OTHER_CODE.test(code))
      return { code, problem: `was refused: ${error.message.replace(/\s+/g, ' ').slice(0, 80)}` };
  }
  return null;
}

/** The name the certificate must carry: SMTP_URL's host, or the `tls.servername` of its query. */
const nameOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.searchParams.get('tls.servername') || parsed.hostname;
};

/** Where the guide says how to trust a private CA. */
const GUIDE = 'docs/deploy/README.md, "Mail over TLS: a private CA"';

/** The start's refusal, in one line: the server, what is wrong and the fix, never the password. */
export const certificateRefusal = (url: string, host: string, { code, problem }: CertificateProblem) =>
  `SMTP_URL: the server ${host} has a certificate Node.js refuses: it ${problem} (${code}); give the server a certificate in date, for ${nameOf(url)}, signed by a CA Node.js trusts, or give Node.js your private CA with NODE_EXTRA_CA_CERTS=/path/ca.pem (${GUIDE})`;

/** A held message's reason (the outbox keeps 300 characters of it). */
export const certificateHeld = (host: string, { code, problem }: CertificateProblem) =>
  `SMTP ${host} has a certificate Node.js refuses: it ${problem} (${code}); fix the server's certificate, or give Node.js your private CA with NODE_EXTRA_CA_CERTS=/path/ca.pem, and restart`;
