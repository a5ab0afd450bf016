/** Light/dark theme (docs/settings.md, docs/money.md): stored under `theme`, default light, applied as data-theme on <html>. */
import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, THEMES, type Theme } from '../../shared/themes';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

type Listener = () => void;
const listeners = new Set<Listener>();

export function parseTheme(value: string | null | undefined): Theme {
  return THEMES.find((theme) => theme === value) ?? DEFAULT_THEME;
}

export function getTheme(): Theme {
  return parseTheme(safeStorage.get(STORAGE_KEYS.theme));
}

/** Colours of the browser UI (meta theme-color) per theme. */
export const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#181c25' };

/** Puts the theme on <html> (CSS custom properties follow [data-theme]) and on the theme-color meta tag. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

export function setTheme(theme: Theme): void {
  safeStorage.set(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme) return;
    applyTheme(getTheme());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => DEFAULT_THEME);
}
