/**
 * The built portal's files as the server sends them (server.ts): which are sent at all, how long they are
 * cached, and the remotes' own context with CORS.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { ERROR_TEXTS } from '../texts/errors';
import { encodedDocument } from './pages';

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
export const filesServed =
  (serveSourceMaps: boolean) =>
  (pathName: string): boolean =>
    !SERVER_ONLY.has(pathName.replace(/^\/+/, '').replace(/\.(br|gz)$/, '')) &&
    (serveSourceMaps || !/\.map(\.(br|gz))?$/.test(pathName));

export function cacheHeaders(res: { setHeader(name: string, value: string): void }, file: string): void {
  // Content-hashed chunks never change; entries, manifests and HTML are revalidated every time.
  res.setHeader('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}

/**
 * The portal's remotes and the support console's, each under `/remotes/<name>/`, in a context of their
 * own: the host fetches manifests with fetch(), so remotes on another origin need CORS (any origin may
 * read them, as the widget's script is read from operators' sites), and only they have it.
 */
export async function serveRemotes(
  app: FastifyInstance,
  root: string,
  names: readonly string[],
  allowedPath: (pathName: string) => boolean,
  editable?: { remote: string; body: (file: string) => string | null },
): Promise<void> {
  await app.register(
    async (remotes) => {
      await remotes.register(fastifyCors, { origin: '*', methods: ['GET', 'HEAD'] });
      // The files an editor changes, as they are now (editable.ts), not the build's compressed copies.
      if (editable) {
        remotes.get<{ Params: { file: string } }>(`/${editable.remote}/resources/:file`, (request, reply) => {
          const body = editable.body(request.params.file);
          if (body === null) return reply.code(404).send({ message: ERROR_TEXTS.notFound, code: 'NOT_FOUND' });
          const type = request.params.file.endsWith('.json') ? 'application/json' : 'text/html';
          const { body: sent, encoding } = encodedDocument(body, request.headers['accept-encoding']);
          if (encoding) reply.header('content-encoding', encoding);
          return reply
            .header('cache-control', 'no-cache')
            .header('vary', 'accept-encoding')
            .type(`${type}; charset=utf-8`)
            .send(sent);
        });
      }
      for (const name of names) {
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
}

/** The host's built files at the root (its pages are not files: portalPages.ts sends them). */
export async function serveHostFiles(
  app: FastifyInstance,
  hostDist: string,
  allowedPath: (pathName: string) => boolean,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath,
    setHeaders: cacheHeaders,
  });
}
