import { lazyRouteComponent } from '@tanstack/react-router';

/** The not-found page, loaded only when a route misses. */
export const lazyNotFoundPage = lazyRouteComponent(() => import('../features/not-found/not-found-page'), 'NotFoundPage');
