/** Online state shared with React Query's onlineManager, so queries and mutations pause and resume with the UI. */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  return onlineManager.subscribe(listener);
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** True while the browser reports a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** React Query assumes online at start; an app opened offline (from the service worker) must start paused. */
export function initOnlineState(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}
