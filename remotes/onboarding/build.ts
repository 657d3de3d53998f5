/** The onboarding remote's build (docs/decisions/042-each-app-owns-its-build.md). */
import { appConfig } from '../../buildtools/app';
import type { AppBuild } from '../../buildtools/common';

const build: AppBuild = (env) => [
  appConfig('onboarding', env, { exposes: { './routes': './src/exposes/routes.tsx' } }),
];
export default build;
