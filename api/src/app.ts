import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import type { ApiContext } from './context';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';
import { planChangeRoutes } from './routes/planChange';
import { catalogueRoutes } from './routes/catalogue';
import { pinRoutes } from './routes/pin';
import { passwordRoutes } from './routes/password';
import { deviceRoutes } from './routes/devices';
import { scriptRoutes } from './routes/script';
import { onboardingRoutes } from './routes/onboarding';
import { installErrorHandling, installJsonNotFound } from './http/errors';
import { installRequestMetrics } from './http/metrics';
import { cardRoutes } from './routes/cards';
import { paymentRoutes } from './routes/payments';
import { stripeWebhookRoute } from './routes/stripeWebhook';
import { billingDevRoutes } from './routes/billing';
import { supportSignInRoutes } from './routes/support/signIn';
import { supportCustomerRoutes } from './routes/support/customers';
import { supportDeviceRoutes } from './routes/support/devices';
import { supportActionRoutes } from './routes/support/actions';
import { supportAuditRoutes } from './routes/support/audit';
import { reconciliationRoutes } from './routes/support/reconciliation';
import { supportPriceRoutes } from './routes/support/prices';
import { supportVoucherRoutes } from './routes/support/vouchers';
import { voucherRoutes } from './routes/vouchers';
import { giftRoutes } from './routes/gifts';
import { passkeyRoutes } from './routes/passkeys';
import { databaseAnswers, pendingMigrations } from './db/migrate';
import { RELEASE } from './release';
import { ignoredForwarding } from './http/proxies';

/** The support console's routes under `/api/staff` (routes/support/). */
function supportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  supportSignInRoutes(app, ctx);
  supportCustomerRoutes(app, ctx);
  supportDeviceRoutes(app, ctx);
  supportActionRoutes(app, ctx);
  supportAuditRoutes(app, ctx);
  reconciliationRoutes(app, ctx);
  supportPriceRoutes(app, ctx);
  supportVoucherRoutes(app, ctx);
}

/** The reference API as a Fastify plugin; mounted under `/api` by the server. */
export function apiPlugin(ctx: ApiContext) {
  return async function api(app: FastifyInstance): Promise<void> {
    // `POST /logout` has no body; an empty JSON body is not an error.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        // PostgreSQL text cannot hold NUL: a body with one is malformed, not a server error.
        if (text.includes('\\u0000') || text.includes('\u0000')) throw new Error('NUL in body');
        // Refuses __proto__ and constructor.prototype keys, like Fastify's own parser.
        done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        const error = Object.assign(new Error('Invalid JSON'), { statusCode: 400, code: 'INVALID_JSON' });
        done(error, undefined);
      }
    });
    installErrorHandling(app);
    installJsonNotFound(app);
    installRequestMetrics(app);
    const forwarded = ignoredForwarding(ctx.config.trustProxy);
    // Nor can a path or query carry a NUL byte into a query. Private answers by default: public ones
    // (plans) set their own. One callback hook: it is on every call (docs/bench.md).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.includes('%00')) {
        reply.code(400).send({ message: 'Neispravan zahtjev.', code: 'BAD_REQUEST' });
        return;
      }
      reply.header('cache-control', 'no-store');
      if (forwarded && request.headers['x-forwarded-for'] !== undefined) forwarded(request);
      done();
    });
    // For a load balancer: alive, and ready (database reachable, migrations done, not stopping). Alive
    // names the release, so an operator sees which one answers during an upgrade.
    let migrated = false;
    const health = { status: 'ok', version: RELEASE.version, commit: RELEASE.commit };
    app.get('/health', async () => health);
    app.get('/ready', async (request, reply) => {
      // From SIGTERM on, a balancer takes this process out of rotation while it drains.
      if (ctx.lifecycle.stopping) return reply.code(503).send({ status: 'stopping' });
      try {
        // Once this code's migrations are all applied they stay so: later probes only ask whether the
        // database answers, with a prepared read (on the embedded database, which is in this process, it
        // keeps the reads kept until a write: db.ts).
        if (migrated) {
          await databaseAnswers(ctx.db);
          return { status: 'ready' };
        }
        const pending = await pendingMigrations(ctx.db);
        if (pending.length > 0) return reply.code(503).send({ status: 'migrating', pending });
        migrated = true;
        return { status: 'ready' };
      } catch (error) {
        request.log.warn(`Readiness: the database does not answer: ${(error as Error).message}`);
        return reply.code(503).send({ status: 'database unreachable' });
      }
    });
    authRoutes(app, ctx);
    accountRoutes(app, ctx);
    planChangeRoutes(app, ctx);
    catalogueRoutes(app, ctx);
    pinRoutes(app, ctx);
    passwordRoutes(app, ctx);
    deviceRoutes(app, ctx);
    scriptRoutes(app, ctx);
    passkeyRoutes(app, ctx);
    onboardingRoutes(app, ctx);
    cardRoutes(app, ctx);
    paymentRoutes(app, ctx);
    billingDevRoutes(app, ctx);
    supportRoutes(app, ctx);
    voucherRoutes(app, ctx);
    giftRoutes(app, ctx);
    if (ctx.payments.stripe) await app.register(stripeWebhookRoute(ctx.payments.stripe));
  };
}
