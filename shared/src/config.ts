import * as z from 'zod/mini';
import { DEFAULT_PRODUCT, productCodeSchema, type RemoteName } from './contract/common';
import { DEFAULT_OPERATOR, operatorSchema } from './contract/operator';

export { REMOTE_NAMES, type RemoteName } from './contract/common';

const urlLike = () => z.string().check(z.regex(/^(https?:\/\/|\/)/, 'must be an absolute URL or a path starting with /'));
const manifestUrl = () => urlLike().check(z.refine((v) => v.endsWith('.json'), 'must point at a remote mf-manifest.json'));

/** The payment provider of the browser (the API's is chosen by its environment; the two must match). */
const paymentsSchema = z.union([
  z.object({ provider: z.literal('sandbox'), sandboxUrl: z._default(urlLike(), '/sandbox-pay/v1') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string().check(z.regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_…)')) }),
]);
export type PaymentSettings = z.infer<typeof paymentsSchema>;

export { DEFAULT_OPERATOR, type OperatorSettings } from './contract/operator';

/** `portal.config.json`, served beside the host: where the remotes and the API live. */
export const portalConfigSchema = z.object({
  payments: z._default(paymentsSchema, { provider: 'sandbox', sandboxUrl: '/sandbox-pay/v1' }),
  operator: z._default(operatorSchema, DEFAULT_OPERATOR),
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
