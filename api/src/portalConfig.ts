import fs from 'node:fs';
import path from 'node:path';
import { parsePortalConfig, type OperatorSettings } from '@portal/shared/contract';
import type { ApiConfig } from './config';

/**
 * What the API takes from the portal's run-time configuration. The operator's legal data are the
 * server's settings (OPERATOR_*: config.ts), never a build's file, which every build overwrites.
 */
interface PortalSettings {
  /** Origins other than the portal's own that serve remotes (the Content-Security-Policy allows them). */
  remoteOrigins: string[];
  /** Why the file was not used (it is refused), for the server to log; null when it was, or is absent. */
  problem: string | null;
}

const DEFAULTS: PortalSettings = { remoteOrigins: [], problem: null };
const cache = new Map<string, PortalSettings>();

/**
 * The built host's `portal.config.json`, the file the browser reads: the remotes' origins. Read once per portal root; without a built host (the API alone, tests) or
 * with a file the portal itself refuses, the defaults, and the page explains the file's problems.
 */
export function portalSettingsOf(config: Pick<ApiConfig, 'portalRoot'>): PortalSettings {
  const known = cache.get(config.portalRoot);
  if (known) return known;
  const file = path.join(config.portalRoot, 'host', 'dist', 'portal.config.json');
  let settings = DEFAULTS;
  if (fs.existsSync(file)) {
    try {
      const { remoteOrigins } = parsePortalConfig(JSON.parse(fs.readFileSync(file, 'utf8')));
      settings = { remoteOrigins, problem: null };
    } catch (error) {
      // Kept with the settings: whoever reads the file first (the context, for e-mails), the server logs it.
      settings = {
        ...DEFAULTS,
        problem: `${file} is not valid, using the defaults: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  cache.set(config.portalRoot, settings);
  return settings;
}

/** The operator's legal data and support contact (e-mails, PDF invoices, the pages): the server's settings. */
export const operatorOf = (config: Pick<ApiConfig, 'operator'>): OperatorSettings => config.operator;

const ORIGIN = /^https?:\/\/[^/\s?#]+$/;

/**
 * The origins the support console's remotes may come from besides the page's own (`remoteOrigins` in
 * its host's `support.config.json`, docs/decisions/032), for its pages' Content-Security-Policy. The
 * console's host refuses a file with a bad entry itself; here only well-formed origins count.
 */
export function supportRemoteOrigins(config: Pick<ApiConfig, 'portalRoot'>): string[] {
  const file = path.join(config.portalRoot, 'support-host', 'dist', 'support.config.json');
  try {
    const { remoteOrigins } = JSON.parse(fs.readFileSync(file, 'utf8')) as { remoteOrigins?: unknown };
    return Array.isArray(remoteOrigins)
      ? remoteOrigins.filter((origin): origin is string => typeof origin === 'string' && ORIGIN.test(origin))
      : [];
  } catch {
    return [];
  }
}
