/**
 * The named stack's floor started as the portal's host starts (host/src/index.ts): after the page's
 * first paint, in steps with a pause between them (React DOM, zustand, then the remote's page), so no
 * step holds the main thread longer than its own evaluation. The waits are the host's own.
 */
import { painted, pause } from '../../../../host/src/steps';

async function run(): Promise<void> {
  await painted();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await pause();
  await import(/* webpackMode: "eager" */ 'zustand');
  await pause();
  const { start } = await import('./hostBootstrap');
  await start();
}

run().catch((error: unknown) => console.error(error));
