/** The account remote's build (docs/decisions/042-each-app-owns-its-build.md). */
import { appConfig } from '../../buildtools/app';
import type { AppBuild } from '../../buildtools/common';

const build: AppBuild = (env) => [
  appConfig('account', env, {
    // `./views`: the payment history, invoice and devices drawn from answers alone, which the support
    // console shows in its read-only staff mode (AccountViewsModule in @portal/shared).
    exposes: { './routes': './src/exposes/routes.tsx', './views': './src/exposes/views.tsx' },
  }),
];
export default build;
