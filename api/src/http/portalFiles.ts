/**
 * The built portal's files as the server sends them (server.ts): which are sent at all, how long they are
 * cached, and the remotes' own context with CORS.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';

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
): Promise<void> {
  await app.register(
    async (remotes) => {
      await remotes.register(fastifyCors, { origin: '*', methods: ['GET', 'HEAD'] });
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
