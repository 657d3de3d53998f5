/** React's own useSyncExternalStore, in place of the shim for React 17 that the router imports (build/common.ts). */
export { useSyncExternalStore } from 'react';
