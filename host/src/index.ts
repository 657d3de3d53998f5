import { SHELL_TEXTS } from './texts';
import { painted, pause } from './steps';

/**
 * The page's code runs in steps with a pause between them (steps.ts): the federation runtime (the
 * script's own task), @portal/shared (the contract, the router, the stores), what can start before
 * React DOM (prepare.ts: the configuration, the session, a signed-in page's first reads, the remote),
 * React DOM, then the shell, which renders. The host's shared singletons are eager
 * (buildtools/federation.ts): they are in this chunk, so each step only runs code, it downloads nothing.
 */
async function run(): Promise<void> {
  // The script's own task has started the federation runtime: the rest waits for the page's first paint.
  await painted();
  const { prepare } = await import(/* webpackMode: "eager" */ './prepare');
  await pause();
  // What it asks for travels while React DOM and the shell run.
  const prepared = await prepare();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await pause();
  const { start } = await import(/* webpackMode: "eager" */ './bootstrap');
  await start(prepared);
}

run().catch((error: unknown) => {
  // Only a defect of this build ends here (the configuration's own failures have their page).
  console.error(error);
  document.getElementById('root')!.textContent = SHELL_TEXTS.cannotStart;
});
