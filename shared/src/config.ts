import * as z from 'zod/mini';
import { DEFAULT_PRODUCT, productCodeSchema, type RemoteName } from './contract/common';

export { REMOTE_NAMES, type RemoteName } from './contract/common';

const urlLike = () => z.string().check(z.regex(/^(https?:\/\/|\/)/, 'must be an absolute URL or a path starting with /'));
const manifestUrl = () => urlLike().check(z.refine((v) => v.endsWith('.json'), 'must point at a remote mf-manifest.json'));

/** `portal.config.json`, served beside the host: where the remotes and the API live. */
export const portalConfigSchema = z.object({
  apiBaseUrl: urlLike(),
  product: z._default(productCodeSchema, DEFAULT_PRODUCT),
  remotes: z.object({
    catalogue: manifestUrl(),
    account: manifestUrl(),
    onboarding: manifestUrl(),
  } satisfies Record<RemoteName, z.ZodMiniType<string>>),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`portal.config.json is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the run-time configuration, naming every bad key so an operator can fix it at once. */
export function parsePortalConfig(raw: unknown): PortalConfig {
  const result = portalConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}
