/**
 * Telling the user what happens to an action while offline (issue 4 "Offline"): actions that need the server say
 * so instead of failing; changes that can wait are kept and sent on reconnect.
 */
import { isOnline } from './online';
import { toast } from './toast';

/** '<action> needs a connection. Try again when you are back online.' */
export function needsNetworkText(action: string): string {
  return `You are offline. ${action} needs a connection. Try again when you are back online.`;
}

export const QUEUED_OFFLINE_TEXT = 'You are offline. The change is saved and will be sent when the connection returns.';

/** True when online; otherwise explains that `action` needs the network and returns false. */
export function requireOnline(action: string): boolean {
  if (isOnline()) return true;
  toast(needsNetworkText(action), 'info');
  return false;
}

/** Before a change that can wait for the connection: tells the user it is queued when offline. */
export function noteIfQueued(): void {
  if (!isOnline()) toast(QUEUED_OFFLINE_TEXT, 'info');
}
