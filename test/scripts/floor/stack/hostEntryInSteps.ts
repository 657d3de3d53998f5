/**
 * The named stack's floor started as the portal's host starts (host/src/index.ts): after the page's
 * first paint, in steps with a pause between them (React DOM, zustand, then the remote's page), so no
 * step holds the main thread longer than its own evaluation.
 */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const painted = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

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
