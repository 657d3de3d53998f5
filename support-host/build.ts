/**
 * The support console's own thin host at `/podrska/` (docs/decisions/032-support-console.md,
 * docs/decisions/042-each-app-owns-its-build.md).
 */
import { appConfig } from '../buildtools/app';
import type { AppBuild } from '../buildtools/common';

const build: AppBuild = (env) => [
  appConfig('supportHost', env, {
    federationName: 'support_host',
    page: { base: '/podrska/', configFile: 'support.config.json' },
  }),
];
export default build;
