/** Where the built service worker is served (vite-plugin-pwa injectManifest output). */
export const SERVICE_WORKER_URL = '/sw.js';
