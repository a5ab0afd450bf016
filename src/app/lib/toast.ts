import { TOAST_MS } from '../../shared/messages';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

type Listener = () => void;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Removes one toast before its time is up (the close button). */
export function dismissToast(id: number): void {
  const remaining = items.filter((item) => item.id !== id);
  if (remaining.length === items.length) return;
  items = remaining;
  emit();
}

/**
 * Shows a message at the bottom of the screen for 5 seconds (docs/money.md).
 * The same text shown twice in a row is not stacked: the existing toast restarts its timer instead.
 */
export function toast(message: string, kind: ToastKind = 'info'): void {
  const existing = items.find((item) => item.message === message && item.kind === kind);
  if (existing) dismissToast(existing.id);
  const item: ToastItem = { id: nextId++, message, kind };
  items = [...items, item];
  emit();
  setTimeout(() => dismissToast(item.id), TOAST_MS);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return items;
}
