/** React's own useSyncExternalStore, in place of the shim for React 17 that the router imports (buildtools/common.ts). */
export { useSyncExternalStore } from 'react';
