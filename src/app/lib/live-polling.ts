/**
 * Polling that pauses while the device is offline or the page is hidden and resumes on reconnect or return
 * (docs/overview.md; ARCHITECTURE.md "Persistence").
 */
import { focusManager, onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Last transactions, balances and portfolio history refresh every 10 s (docs/overview.md). */
export const DATA_POLL_MS = 10_000;
/** NFTs refresh every 30 s. */
export const NFT_POLL_MS = 30_000;

export interface PollConditions {
  online: boolean;
  visible: boolean;
}

/** The refetch interval to give React Query: `ms` while online and visible, else off. */
export function livePollInterval(ms: number, conditions: PollConditions): number | false {
  return conditions.online && conditions.visible ? ms : false;
}

function subscribe(listener: () => void): () => void {
  const offOnline = onlineManager.subscribe(listener);
  const offFocus = focusManager.subscribe(listener);
  return () => {
    offOnline();
    offFocus();
  };
}

function snapshot(): string {
  return `${String(onlineManager.isOnline())}|${String(focusManager.isFocused())}`;
}

/** `ms` while the app is online and on screen, false otherwise; re-renders when either changes. */
export function useLivePolling(ms: number): number | false {
  const state = useSyncExternalStore(subscribe, snapshot, () => 'true|true');
  const [online, visible] = state.split('|');
  return livePollInterval(ms, { online: online === 'true', visible: visible === 'true' });
}
