import { queryClient } from '../../lib/query-client';

let loaded: Promise<void> | undefined;

/**
 * Registers the defaults of the signed-in screens' offline mutations (transactions, contacts, documents, labels,
 * wallets), loaded on first need so the signed-out pages never download them: before any signed-in page loads,
 * and before a persisted cache holding paused changes is restored.
 */
export function loadMutationDefaults(): Promise<void> {
  loaded ??= import('./register-mutation-defaults').then(({ registerMutationDefaults }) => {
    registerMutationDefaults(queryClient);
  });
  return loaded;
}
