/**
 * `use-sync-external-store/shim` for the libraries that import it (the router's store, the forms' signals, the
 * wallet picker): React 18 has `useSyncExternalStore` built in, so the package's fallback for older Reacts (two
 * copies of it, in two versions) is not shipped. Resolved through an alias in vite.config.ts.
 */
export { useSyncExternalStore } from 'react';
