/** The persisted cache's code (cache-persistence.ts), downloaded on first use: only a signed-in user's pages need it. */
export const loadCachePersistence = () => import('./cache-persistence');
