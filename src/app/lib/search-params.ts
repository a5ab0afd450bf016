/**
 * Reading list filters from a page's URL (?tokens=ETH,USDC&start_date=…): each reader keeps a valid value and
 * drops anything else, so a wrong or outdated link opens the page with that filter left out, never an error.
 */
import { hasDateFormat, isRealDay } from './day-text';

/** The most characters a text parameter keeps. */
export const MAX_PARAM_LENGTH = 200;

/** A non-empty text (numbers read as their text), cut to MAX_PARAM_LENGTH; undefined otherwise. */
export function textParam(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && text.trim() !== '' ? text.slice(0, MAX_PARAM_LENGTH) : undefined;
}

/** One of `known`, or undefined. */
export function oneOfParam<T extends string>(value: unknown, known: readonly T[]): T | undefined {
  return known.find((item) => item === value);
}

/** A comma-separated list (or an array) as distinct non-empty items, in their order; [] when none. */
export function listParam(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' || typeof value === 'number' ? String(value).split(',') : [];
  const texts = items
    .map((item) => (typeof item === 'number' ? String(item) : item))
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item.length <= MAX_PARAM_LENGTH);
  return [...new Set(texts)];
}

/** The known items of a list parameter, in the order of `known`. */
export function choicesParam<T extends string>(value: unknown, known: readonly T[]): T[] {
  const chosen = listParam(value);
  return known.filter((item) => chosen.includes(item));
}

/** A list for the URL: comma-separated, undefined when empty. */
export function listValue(items: readonly string[]): string | undefined {
  return items.length > 0 ? items.join(',') : undefined;
}

/** A date range of two real days, start not after end; both dropped otherwise. */
export function dayRangeParams(start: unknown, end: unknown): { start_date: string; end_date: string } | undefined {
  const valid = (value: unknown): value is string => typeof value === 'string' && hasDateFormat(value) && isRealDay(value);
  if (!valid(start) || !valid(end) || start > end) return undefined;
  return { start_date: start, end_date: end };
}

/** A search object without its undefined fields (what the URL shows). */
export function definedParams<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as T;
}
