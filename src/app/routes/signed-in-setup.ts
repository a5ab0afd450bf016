import { loadMutationDefaults } from '../features/offline/load-mutation-defaults';

let ready: Promise<void> | undefined;

/**
 * What the signed-in screens need before they render, loaded once on first need so signed-out pages go without
 * it: the offline mutations' defaults, and the day rollover of saved date filters (applied before any screen
 * reads them, then again after each midnight).
 */
export function prepareSignedInScreens(): Promise<void> {
  ready ??= Promise.all([
    loadMutationDefaults(),
    import('../lib/app-day-rollover').then(({ startDayRollover }) => {
      startDayRollover();
    }),
  ]).then(() => undefined);
  return ready;
}
