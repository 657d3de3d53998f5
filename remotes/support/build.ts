/**
 * The support console's remote (docs/decisions/042-each-app-owns-its-build.md): its host is
 * support-host/, built and deployed with it apart from the customer portal (docs/decisions/032-support-console.md).
 */
import { appConfig } from '../../buildtools/app';
import type { AppBuild } from '../../buildtools/common';

const build: AppBuild = (env) => [appConfig('support', env, { exposes: { './support': './src/exposes/support.tsx' } })];
export default build;
