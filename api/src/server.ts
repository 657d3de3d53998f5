import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import { REMOTE_NAMES } from '@portal/shared/contract';
import type { ApiContext } from './context';
import { apiPlugin } from './app';
import { installErrorHandling, installJsonNotFound } from './http/errors';
import { sandboxProcessorRoutes } from './routes/sandboxProcessor';
import { supportRemoteOrigins, portalSettingsOf } from './portalConfig';
import { contentSecurityPolicy, installAnswerHeaders } from './http/security';
import { installRefusalLog } from './http/limits';
import { fastifyTrustProxy } from './http/proxies';
import { OneLinePerRequest, createLogger, requestIdOf } from './log';
import { cacheHeaders, filesServed, serveHostFiles, serveRemotes } from './http/portalFiles';
import { pageSender, servePageRoutes, servePortalConfig } from './http/portalPages';
import { editableFiles } from './http/editable';
import { editableFile } from './http/pages';
import { ERROR_TEXTS } from './texts/errors';

/** The support console (docs/decisions/032-support-console.md): its remote, and its own host's path. */
const SUPPORT_REMOTE = 'support';
const SUPPORT_BASE = '/podrska/';

/** The remote whose `resources/` an editor changes on a deployed portal (docs/catalogue-and-widget.md). */
const EDITABLE_REMOTE = 'catalogue';

const EMBED_DEMO_CSP = "default-src 'self'; object-src 'none'; base-uri 'self'";

interface ServerOptions {
  /** Serve the built host and remotes beside the API (what `npm start` does). */
  portal: boolean;
  /** Only the remotes, with CORS: a second origin for the remotes (used by the browser tests). */
  remotesOnly?: boolean;
  /** The process's logger (log.ts, main.ts); by default one of the server's own at LOG_LEVEL, on stdout. */
  logger?: Logger;
}

/** The HTTP server: the API under `/api` and, optionally, the built portal. */
export async function createServer(ctx: ApiContext, options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // One logger for the process (log.ts), and one line per request, not Fastify's two.
    loggerInstance: (options.logger ?? createLogger(ctx.config.logLevel)) as FastifyBaseLogger,
    logController: new OneLinePerRequest(),
    // The proxy's X-Request-Id only when it is sane (requestIdOf): Fastify's requestIdHeader takes any value.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 64 * 1024,
    // The client's address (every per-address limit) and scheme as the proxy named by TRUST_PROXY saw them.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
  });

  const portalSettings = portalSettingsOf(ctx.config);
  if (portalSettings.problem) app.log.warn(portalSettings.problem);
  const csp = contentSecurityPolicy({
    remoteOrigins: portalSettings.remoteOrigins,
    stripe: ctx.config.payments.provider === 'stripe',
  });
  // The support console's pages: its own host's remotes' origins, never Stripe's (it takes no payment).
  const supportCsp = contentSecurityPolicy({ remoteOrigins: supportRemoteOrigins(ctx.config), stripe: false });
  const pageCsp = (url: string) =>
    // The widget's demo page stands for an operator's site with a CSP of its own origin only.
    url.startsWith('/remotes/catalogue/embed/demo.')
      ? EMBED_DEMO_CSP
      : url === SUPPORT_BASE.slice(0, -1) || url.startsWith(SUPPORT_BASE)
        ? supportCsp
        : csp;
  installAnswerHeaders(app, pageCsp);
  installRefusalLog(app);

  installErrorHandling(app);
  if (!options.remotesOnly) await app.register(apiPlugin(ctx), { prefix: '/api' });
  // The sandbox card processor: a service of its own beside the API, which the browser confirms cards with.
  if (!options.remotesOnly && ctx.payments.sandbox)
    await app.register(sandboxProcessorRoutes(ctx.payments.sandbox), { prefix: '/sandbox-pay/v1' });
  if (options.portal || options.remotesOnly) await servePortal(app, ctx, Boolean(options.remotesOnly));
  if (!options.portal || options.remotesOnly) installJsonNotFound(app);
  return app;
}

/**
 * The built portal beside the API: the remotes' files (all a remotes-only server serves), the support
 * console, the browser's configuration, the host's files, and its pages.
 */
async function servePortal(app: FastifyInstance, ctx: ApiContext, remotesOnly: boolean): Promise<void> {
  const root = ctx.config.portalRoot;
  const allowedPath = filesServed(ctx.config.serveSourceMaps);
  // The catalogue's files an editor changes (faq.json, the legal texts), read as they are now.
  const catalogueFiles = editableFiles(path.join(root, 'remotes', EDITABLE_REMOTE, 'dist', 'resources'), (message) =>
    app.log.warn(message),
  );
  await serveRemotes(app, root, [...REMOTE_NAMES, SUPPORT_REMOTE], allowedPath, {
    remote: EDITABLE_REMOTE,
    body: (file) => editableFile(root, EDITABLE_REMOTE, file, catalogueFiles),
  });
  if (remotesOnly) return;
  const sendSupport = await serveSupport(app, ctx);
  const hostDist = path.join(root, 'host', 'dist');
  servePortalConfig(app, ctx, hostDist);
  await serveHostFiles(app, hostDist, allowedPath);
  const sendPage = pageSender(ctx, (remote) => (remote === EDITABLE_REMOTE ? catalogueFiles : null));
  servePageRoutes(app, ctx, sendPage);

  // Every other GET of a path without a dot is a route of the single-page app: the host decides what
  // it shows (or its 404). A missing file (`/missing.js`, `/.git/config`) is a plain 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !/^\/(api|remotes|sandbox-pay)\//.test(pathname) && !pathname.includes('.');
    if (!wantsPage) return reply.code(404).send({ message: ERROR_TEXTS.notFound, code: 'NOT_FOUND' });
    if (pathname === SUPPORT_BASE.slice(0, -1) || pathname.startsWith(SUPPORT_BASE)) return sendSupport(reply);
    return sendPage(request, reply);
  });
}

/**
 * The support console's own host at `/podrska/` (docs/decisions/032-support-console.md): its files, its
 * configuration (the product is the server's, as the portal's), and its page for every path under it.
 * Never indexed; nothing of the customer portal links to it. Answers what sends the console's page.
 */
async function serveSupport(app: FastifyInstance, ctx: ApiContext): Promise<(reply: FastifyReply) => FastifyReply> {
  const dist = path.join(ctx.config.portalRoot, 'support-host', 'dist');
  const indexFile = path.join(dist, 'index.html');
  app.get(`${SUPPORT_BASE}support.config.json`, async (_request, reply) => {
    const file = path.join(dist, 'support.config.json');
    if (!fs.existsSync(file)) return reply.code(404).send({ message: ERROR_TEXTS.notFound, code: 'NOT_FOUND' });
    const base = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    return reply.header('cache-control', 'no-cache').send({ ...base, product: ctx.config.product });
  });
  await app.register(fastifyStatic, {
    root: dist,
    prefix: SUPPORT_BASE,
    decorateReply: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: filesServed(ctx.config.serveSourceMaps),
    setHeaders: (res, file) => {
      cacheHeaders(res, file);
      res.setHeader('x-robots-tag', 'noindex, nofollow');
    },
  });
  const sendPage = (reply: FastifyReply) => {
    reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-cache');
    if (!fs.existsSync(indexFile)) return reply.code(503).send({ message: ERROR_TEXTS.notBuilt, code: 'NOT_BUILT' });
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  };
  // Its front page (the folder itself, which the files' handler refuses); a path under it without a file
  // is one of its pages too (the not-found handler sends those).
  app.get(SUPPORT_BASE, (_request, reply) => sendPage(reply));
  return sendPage;
}
