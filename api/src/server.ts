import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import { REMOTE_NAMES, isPagePath, remoteFor, type Plan } from '@portal/shared/contract';
import { PlansCache } from './catalogue/plans';
import type { ApiContext } from './context';
import { apiPlugin } from './app';
import { installErrorHandling, installJsonNotFound } from './http/errors';
import { sandboxProcessorRoutes } from './routes/sandboxProcessor';
import { consoleRemoteOrigins, portalSettingsOf } from './portalConfig';
import { contentSecurityPolicy, installSecurityHeaders } from './http/security';
import { installRefusalLog } from './http/limits';
import { fastifyTrustProxy } from './http/proxies';
import { OneLinePerRequest, createLogger, installRequestId, requestIdOf } from './log';
import { linkHeader, preloadHints } from './http/preload';
import { encodedDocument, notFoundDocument, prerenderedDocument, robotsTxt, sitemapXml } from './http/pages';
import { ERROR_TEXTS } from './texts/errors';

/** The support console (docs/decisions/032-support-console.md): its remote, and its own host's path. */
const CONSOLE_REMOTE = 'support';
const CONSOLE_BASE = '/podrska/';

const EMBED_DEMO_CSP = "default-src 'self'; object-src 'none'; base-uri 'self'";

const HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|jpg|woff2)(\.map)?(\.br|\.gz)?$/;

/**
 * What only the server reads of a build: the page template it fills, the prerendered shells and pages it
 * stitches, the notes of what was built. Never sent as files (`/index.html` is the front page's address).
 */
const SERVER_ONLY = new Set(['index.html', 'shells.json', 'pages.json', 'page-chunks.json', 'build.json']);

/**
 * Which built files are served: all but what only the server reads, and source maps, which stay private
 * unless SERVE_SOURCE_MAPS is set.
 */
const filesServed =
  (serveSourceMaps: boolean) =>
  (pathName: string): boolean =>
    !SERVER_ONLY.has(pathName.replace(/^\/+/, '').replace(/\.(br|gz)$/, '')) &&
    (serveSourceMaps || !/\.map(\.(br|gz))?$/.test(pathName));

function cacheHeaders(res: { setHeader(name: string, value: string): void }, file: string): void {
  // Content-hashed chunks never change; entries, manifests and HTML are revalidated every time.
  res.setHeader('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}

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
  const consoleCsp = contentSecurityPolicy({ remoteOrigins: consoleRemoteOrigins(ctx.config), stripe: false });
  const pageCsp = (url: string) =>
    // The widget's demo page stands for an operator's site with a CSP of its own origin only.
    url.startsWith('/remotes/catalogue/embed/demo.')
      ? EMBED_DEMO_CSP
      : url === CONSOLE_BASE.slice(0, -1) || url.startsWith(CONSOLE_BASE)
        ? consoleCsp
        : csp;
  installRequestId(app);
  installRefusalLog(app);
  await installSecurityHeaders(app, pageCsp);

  installErrorHandling(app);
  if (!options.remotesOnly) await app.register(apiPlugin(ctx), { prefix: '/api' });
  // The sandbox card processor: a service of its own beside the API, which the browser confirms cards with.
  if (!options.remotesOnly && ctx.payments.sandbox)
    await app.register(sandboxProcessorRoutes(ctx.payments.sandbox), { prefix: '/sandbox-pay/v1' });
  if (options.portal || options.remotesOnly) await servePortal(app, ctx, Boolean(options.remotesOnly));
  if (!options.portal || options.remotesOnly) installJsonNotFound(app);
  return app;
}

async function servePortal(app: FastifyInstance, ctx: ApiContext, remotesOnly: boolean): Promise<void> {
  const root = ctx.config.portalRoot;
  const allowedPath = filesServed(ctx.config.serveSourceMaps);
  // The portal's remotes and the support console's, each under `/remotes/<name>/`, in a context of their
  // own: the host fetches manifests with fetch(), so remotes on another origin need CORS (any origin may
  // read them, as the widget's script is read from operators' sites), and only they have it.
  await app.register(
    async (remotes) => {
      await remotes.register(fastifyCors, { origin: '*', methods: ['GET', 'HEAD'] });
      for (const name of [...REMOTE_NAMES, CONSOLE_REMOTE]) {
        await remotes.register(fastifyStatic, {
          root: path.join(root, 'remotes', name, 'dist'),
          prefix: `/${name}/`,
          decorateReply: false,
          index: false,
          cacheControl: false,
          preCompressed: true,
          allowedPath,
          setHeaders: cacheHeaders,
        });
      }
    },
    { prefix: '/remotes' },
  );
  if (remotesOnly) return;
  const sendConsole = await serveConsole(app, ctx);

  const hostDist = path.join(root, 'host', 'dist');
  const publicUrl = ctx.config.delivery.publicUrl;
  const indexFile = path.join(hostDist, 'index.html');

  // The product code, sandbox mode and card processor are server settings; the browser's configuration
  // follows them (with Stripe, its publishable key), whatever the built file says.
  const { payments } = ctx.config;
  const paymentsFor = (fromFile: unknown) => {
    if (payments.provider === 'stripe') return { provider: 'stripe', publishableKey: payments.publishableKey };
    // The sandbox processor: the file may say where it is served (sandboxUrl), never another processor.
    const sandboxUrl =
      (fromFile as { provider?: unknown; sandboxUrl?: unknown } | undefined)?.provider === 'sandbox'
        ? (fromFile as { sandboxUrl?: unknown }).sandboxUrl
        : undefined;
    return sandboxUrl === undefined ? { provider: 'sandbox' } : { provider: 'sandbox', sandboxUrl };
  };
  app.get('/portal.config.json', async (_request, reply) => {
    const base = JSON.parse(fs.readFileSync(path.join(hostDist, 'portal.config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    return reply.header('cache-control', 'no-cache').send({
      ...base,
      product: ctx.config.product,
      sandbox: ctx.config.sandbox,
      // The operator's legal data are the server's settings (OPERATOR_*), not the build's.
      operator: ctx.config.operator,
      payments: paymentsFor(base.payments),
    });
  });

  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath,
    setHeaders: cacheHeaders,
  });

  // The prices a prerendered page is served with: the database's, read at most every PLANS_FRESH_SECONDS.
  const pagePlans = new PlansCache(ctx.store.plans, ctx.now);
  const currentPlans = () =>
    pagePlans.current().then(
      (snapshot) => JSON.parse(snapshot.body) as Plan[],
      () => null,
    );
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fs.existsSync(indexFile)) return reply.code(503).send({ message: ERROR_TEXTS.notBuilt, code: 'NOT_BUILT' });
    const [pathname = '/', search = ''] = request.url.split('?');
    // A path that is no page answers 404 (the page says 'Stranica nije pronađena'), not a soft 404 a
    // search engine would index; the customer's own areas are never indexed.
    const owner = remoteFor(pathname);
    if (owner === 'account' || owner === 'onboarding') reply.header('x-robots-tag', 'noindex');
    // What the page's scripts will fetch: preloaded at once for a page the browser draws (the Link
    // header), after the first paint for a page that arrives drawn (its boot script asks for them).
    const preload = preloadHints(root, pathname, ctx.config.product, search);
    // A public page arrives drawn (its remote prerendered it); any other is drawn by the browser.
    const sandbox = ctx.config.sandbox;
    // A page no remote owns is the host's 404 page, which arrives drawn too.
    const page = isPagePath(pathname)
      ? prerenderedDocument({
          root,
          pathname,
          search,
          origin: publicUrl,
          sandbox,
          preload,
          plans: await currentPlans(),
        })
      : owner === null
        ? notFoundDocument({ root, sandbox, preload })
        : null;
    reply
      .code(isPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    if (!page) return reply.header('link', linkHeader(preload)).send(fs.createReadStream(indexFile));
    // A prerendered page goes compressed (its HTML is the page: the channel list's is 63 KB as it is).
    const { body, encoding } = encodedDocument(page, request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  app.get('/', (request, reply) => sendIndex(request, reply));
  // The template's own address is the front page's (not a second copy of it, drawn by the browser).
  app.get('/index.html', (_request, reply) => reply.redirect('/', 301));
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)));
  app.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(sitemapXml(root, publicUrl)),
  );

  // Every other GET of a path without a dot is a route of the single-page app: the host decides what
  // it shows (or its 404). A missing file (`/missing.js`, `/.git/config`) is a plain 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !/^\/(api|remotes|sandbox-pay)\//.test(pathname) && !pathname.includes('.');
    if (!wantsPage) return reply.code(404).send({ message: ERROR_TEXTS.notFound, code: 'NOT_FOUND' });
    if (pathname === CONSOLE_BASE.slice(0, -1) || pathname.startsWith(CONSOLE_BASE)) return sendConsole(reply);
    return sendIndex(request, reply);
  });
}

/**
 * The support console's own host at `/podrska/` (docs/decisions/032-support-console.md): its files, its
 * configuration (the product is the server's, as the portal's), and its page for every path under it.
 * Never indexed; nothing of the customer portal links to it. Answers what sends the console's page.
 */
async function serveConsole(app: FastifyInstance, ctx: ApiContext): Promise<(reply: FastifyReply) => FastifyReply> {
  const dist = path.join(ctx.config.portalRoot, 'support-host', 'dist');
  const indexFile = path.join(dist, 'index.html');
  app.get(`${CONSOLE_BASE}support.config.json`, async (_request, reply) => {
    const file = path.join(dist, 'support.config.json');
    if (!fs.existsSync(file)) return reply.code(404).send({ message: ERROR_TEXTS.notFound, code: 'NOT_FOUND' });
    const base = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    return reply.header('cache-control', 'no-cache').send({ ...base, product: ctx.config.product });
  });
  await app.register(fastifyStatic, {
    root: dist,
    prefix: CONSOLE_BASE,
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
  app.get(CONSOLE_BASE, (_request, reply) => sendPage(reply));
  return sendPage;
}
