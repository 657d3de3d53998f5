/**
 * The named stack's floor, host side (test/scripts/floor.ts): a Module Federation host whose shared
 * singletons are eager, as the portal's host's are, that loads one remote's page and renders it.
 */
import('./hostBootstrap').catch((error: unknown) => console.error(error));
