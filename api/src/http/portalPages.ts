/**
 * The portal's pages as the server sends them (server.ts): a public page arrives drawn (pages.ts), any
 * other is drawn by the browser; robots.txt and the sitemap beside them; and the browser's configuration
 * (`portal.config.json`), which follows the server's settings.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath, remoteFor, type Plan, type RemoteName } from '@portal/shared/contract';
import type { EditableFiles } from './editable';
import { PlansCache } from '../catalogue/plans';
import type { ApiContext } from '../context';
import { linkHeader, preloadHints } from './preload';
import { closedToSearch, encodedDocument, notFoundDocument, prerenderedDocument, robotsTxt, sitemapXml } from './pages';
import { ERROR_TEXTS } from '../texts/errors';
import { cyrillicDocument, latinDocument, requestedScript } from './cyrillicDocument';

/** What sends a page of the single-page app for the request. */
type PageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * `portal.config.json`: the built file, with what the server decides in its place. The product code,
 * sandbox mode and card processor are server settings; the browser's configuration follows them (with
 * Stripe, its publishable key), whatever the built file says.
 */
export function servePortalConfig(app: FastifyInstance, ctx: ApiContext, hostDist: string): void {
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
}

/**
 * What sends a page: the prerendered document of a public page (compressed), the host's 404 page for a
 * path no remote owns, else the host's index.html for the browser to draw.
 */
export function pageSender(ctx: ApiContext, files: (remote: RemoteName) => EditableFiles | null): PageSender {
  const root = ctx.config.portalRoot;
  const indexFile = path.join(root, 'host', 'dist', 'index.html');
  // The prices a prerendered page is served with: the database's, read at most every PLANS_FRESH_SECONDS.
  const pagePlans = new PlansCache(ctx.store.plans, ctx.now);
  const currentPlans = () =>
    pagePlans.current().then(
      (snapshot) => JSON.parse(snapshot.body) as Plan[],
      () => null,
    );
  return async (request, reply) => {
    if (!fs.existsSync(indexFile)) return reply.code(503).send({ message: ERROR_TEXTS.notBuilt, code: 'NOT_BUILT' });
    const [pathname = '/', search = ''] = request.url.split('?');
    // A path that is no page answers 404 (the page says 'Stranica nije pronađena'), not a soft 404 a
    // search engine would index; the customer's own areas are never indexed.
    const owner = remoteFor(pathname);
    if (owner !== null && closedToSearch(owner)) reply.header('x-robots-tag', 'noindex');
    // What the page's scripts will fetch: preloaded at once for a page the browser draws (the Link
    // header), after the first paint for a page that arrives drawn (its boot script asks for them).
    const preload = preloadHints(root, pathname, ctx.config.product, search);
    // A public page arrives drawn (its remote prerendered it); any other is drawn by the browser.
    const sandbox = ctx.config.sandbox;
    // A page no remote owns is the host's 404 page, which arrives drawn too.
    const drawn = isPagePath(pathname)
      ? prerenderedDocument({
          root,
          pathname,
          search,
          origin: ctx.config.delivery.publicUrl,
          sandbox,
          preload,
          plans: await currentPlans(),
          files,
        })
      : owner === null
        ? notFoundDocument({ root, sandbox, preload })
        : null;
    reply
      .code(isPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    if (!drawn) return reply.header('link', linkHeader(preload)).send(fs.createReadStream(indexFile));
    // In the script the device chose (its cookie): a Cyrillic page is a copy of its own, compressed on its own.
    const script = requestedScript(request.headers.cookie, ctx.config.product);
    const page = script === 'cyrillic' ? cyrillicDocument(drawn) : latinDocument(drawn);
    // A prerendered page goes compressed (its HTML is the page: the channel list's is 63 KB as it is).
    const { body, encoding } = encodedDocument(page, request.headers['accept-encoding']);
    // The same address answers in either script: a cache keeps one copy per script (the cookie).
    reply.header('vary', 'accept-encoding, cookie');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
}

/** The front page, the template's address, robots.txt and the sitemap. */
export function servePageRoutes(app: FastifyInstance, ctx: ApiContext, sendPage: PageSender): void {
  const root = ctx.config.portalRoot;
  const publicUrl = ctx.config.delivery.publicUrl;
  app.get('/', (request, reply) => sendPage(request, reply));
  // The template's own address is the front page's (not a second copy of it, drawn by the browser).
  app.get('/index.html', (_request, reply) => reply.redirect('/', 301));
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)));
  app.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(sitemapXml(root, publicUrl)),
  );
}
