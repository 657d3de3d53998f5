import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_OPERATOR, operatorSchema, type OperatorSettings } from '@portal/shared/contract';
import type { ApiConfig } from '../config';

const cache = new Map<string, OperatorSettings>();

/**
 * The operator's legal data and support contact, from the same place the portal reads it: the built
 * host's `portal.config.json` (`operator`), else the defaults. Read once per portal root.
 */
export function operatorOf(config: Pick<ApiConfig, 'portalRoot'>): OperatorSettings {
  const known = cache.get(config.portalRoot);
  if (known) return known;
  let operator = DEFAULT_OPERATOR;
  try {
    const file = JSON.parse(fs.readFileSync(path.join(config.portalRoot, 'host', 'dist', 'portal.config.json'), 'utf8')) as { operator?: unknown };
    const parsed = operatorSchema.safeParse(file.operator);
    if (parsed.success) operator = parsed.data;
  } catch {
    // No built host (the API alone, tests): the defaults.
  }
  cache.set(config.portalRoot, operator);
  return operator;
}
