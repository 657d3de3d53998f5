import type { RouteObject } from 'react-router';

/**
 * What every remote exposes as `./routes`: its route objects. The host mounts them under the
 * URL prefixes it maps to the remote; paths are absolute (`/nalog/...`).
 */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}
