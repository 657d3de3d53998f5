/**
 * The apps' build that `npm start` runs while the database opens and migrates (cli/start.ts): the server
 * awaits it before it reads the built files. The compiled server (api/dist/main.js) builds nothing, and
 * has nothing to await.
 */
let building: Promise<void> = Promise.resolve();

/** Called by npm start before the server starts: what serving waits for. */
export function buildingMeanwhile(build: Promise<void>): void {
  building = build;
}

/** Resolves once the apps are built (at once when nothing builds them). */
export const appsBuilt = (): Promise<void> => building;
