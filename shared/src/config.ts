import { z } from 'zod';
import { DEFAULT_PRODUCT, productCodeSchema, type RemoteName } from './contract/common';

export { REMOTE_NAMES, type RemoteName } from './contract/common';

const urlLike = z
  .string()
  .min(1)
  .refine((value) => /^(https?:\/\/|\/)/.test(value), 'must be an absolute URL or a path starting with /');

/** `portal.config.json`, served beside the host: where the remotes and the API live. */
export const portalConfigSchema = z.object({
  apiBaseUrl: urlLike,
  product: productCodeSchema.default(DEFAULT_PRODUCT),
  remotes: z.object<Record<RemoteName, z.ZodType<string>>>({
    catalogue: urlLike.refine((v) => v.endsWith('.json'), 'must point at a remote mf-manifest.json'),
    account: urlLike.refine((v) => v.endsWith('.json'), 'must point at a remote mf-manifest.json'),
    onboarding: urlLike.refine((v) => v.endsWith('.json'), 'must point at a remote mf-manifest.json'),
  }),
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
