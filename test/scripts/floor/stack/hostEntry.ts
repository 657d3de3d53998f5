/**
 * The named stack's floor, host side (test/scripts/floor.ts), built the plain way: a Module Federation
 * host whose shared singletons are eager, as the portal's host's are, that loads one remote's page and
 * renders it as soon as its script runs.
 */
import('./hostBootstrap').then(({ start }) => start()).catch((error: unknown) => console.error(error));
