import { remoteOriginCheck } from '@portal/shared';

/**
 * `support.config.json`, served beside the console's host (docs/decisions/032-support-console.md): the
 * API, the product, and where the console's remote and the account remote (whose views it reuses) are.
 */
interface SupportConfig {
  apiBaseUrl: string;
  product: string;
  remotes: { support: string; account: string };
  /** Origins other than the page's that may serve the remotes (as in the portal's configuration). */
  remoteOrigins: string[];
}

const isPathOrUrl = (value: unknown): value is string => typeof value === 'string' && /^(https?:\/\/|\/)/.test(value);

/** Checks the file, naming every bad key (an engineer reads them, in English as the portal's own). */
export function parseSupportConfig(raw: unknown, pageOrigin: string): SupportConfig {
  const file = (raw ?? {}) as Partial<Record<keyof SupportConfig, unknown>>;
  const remotes = (file.remotes ?? {}) as Record<string, unknown>;
  const remoteOrigins = file.remoteOrigins ?? [];
  const problems: string[] = [];
  if (!isPathOrUrl(file.apiBaseUrl)) problems.push('apiBaseUrl: must be an absolute URL or a path starting with /');
  if (typeof file.product !== 'string' || !/^[a-z][a-z0-9]{1,19}$/.test(file.product))
    problems.push('product: must be 2-20 lower-case letters or digits, starting with a letter');
  for (const name of ['support', 'account'] as const) {
    if (!isPathOrUrl(remotes[name]) || !remotes[name].endsWith('.json'))
      problems.push(`remotes.${name}: must point at a remote mf-manifest.json`);
  }
  if (
    !Array.isArray(remoteOrigins) ||
    !remoteOrigins.every((o) => typeof o === 'string' && /^https?:\/\/[^/\s?#]+$/.test(o))
  )
    problems.push('remoteOrigins: must list origins such as https://remotes.example.ba (no path)');
  if (problems.length === 0) {
    const refused = remoteOriginCheck(remoteOrigins as string[], pageOrigin);
    for (const name of ['support', 'account'] as const) {
      const origin = refused(remotes[name] as string);
      if (origin) problems.push(`remotes.${name}: ${origin} is not the page's origin nor listed in remoteOrigins`);
    }
  }
  if (problems.length > 0) throw new SupportConfigError(problems);
  return {
    apiBaseUrl: file.apiBaseUrl as string,
    product: file.product as string,
    remotes: { support: remotes.support as string, account: remotes.account as string },
    remoteOrigins: remoteOrigins as string[],
  };
}

class SupportConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`support.config.json is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.name = 'SupportConfigError';
  }
}
