/**
 * One rule for every text the API receives (docs/security.md): well-formed Unicode without U+0000. A lone
 * UTF-16 surrogate (JSON allows "\ud800") or a NUL character (PostgreSQL text cannot hold it) is refused as a
 * field error naming the path of the string, never stored, never silently replaced.
 */
import type { Context } from 'hono';
import { fieldErrors, nonFieldError } from './api-error';

/** PostgreSQL text cannot hold U+0000. */
export const NUL_CHARACTER = 'Null characters are not allowed.';
export const ILL_FORMED_TEXT = 'Text must be valid Unicode: it has an unpaired surrogate character.';
export const INVALID_UTF8_BODY = 'Request body is not valid UTF-8.';
export const INVALID_UTF8_QUERY = 'Not valid UTF-8 text.';

const NON_FIELD = 'non_field_errors';
/** With the u flag a surrogate code unit only matches when it is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with a text, or undefined when it is acceptable. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return NUL_CHARACTER;
  if (LONE_SURROGATE.test(text)) return ILL_FORMED_TEXT;
  return undefined;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at !== null; at = at.parent) if (at.key !== null) keys.push(at.key);
  return keys.reverse().join('.') || NON_FIELD;
};

/**
 * The problems of the strings and keys in `value`, by path (joined by '.'). Walked with a stack of its own, so a
 * body nested to any depth cannot exhaust the call stack.
 */
function textProblems(value: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const item = visit.value;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem !== undefined) found.set(pathOf(visit), problem);
    } else if (Array.isArray(item)) {
      item.forEach((child: unknown, index) => stack.push({ value: child, key: String(index), parent: visit }));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const problem = textProblem(key);
        if (problem !== undefined) found.set(pathOf(visit), problem);
        else stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return found;
}

/** Throws a 400 naming every string of `value` that breaks the text rule. */
export function refuseBadText(value: unknown): void {
  const problems = textProblems(value);
  if (problems.size > 0) throw fieldErrors(Object.fromEntries([...problems].map(([path, problem]) => [path, [problem]])));
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The request body as text; raw bytes that are not UTF-8 are refused (400), never replaced by U+FFFD. */
export async function bodyText(c: Context): Promise<string> {
  if (c.req.raw.body === null) return '';
  try {
    return utf8.decode(await c.req.arrayBuffer());
  } catch {
    throw nonFieldError(INVALID_UTF8_BODY);
  }
}

/** Whether the bytes a query component's %XX escapes stand for are UTF-8 (a '%' not followed by two hex digits is literal). */
function isUtf8Component(raw: string): boolean {
  if (!raw.includes('%')) return true;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < raw.length; ) {
    const escape = /^%[0-9A-Fa-f]{2}/.exec(raw.slice(i, i + 3));
    if (escape !== null) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const codePoint = raw.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(codePoint);
      bytes.push(...encoder.encode(char));
      i += char.length;
    }
  }
  try {
    utf8.decode(new Uint8Array(bytes));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses (on the parameter) a query value whose percent-encoded bytes are not UTF-8: Hono would keep such a value as
 * its raw `%..` text.
 */
export function refuseUndecodableQuery(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  const errors: Record<string, string[]> = {};
  for (const pair of url.slice(at + 1).split('#')[0]?.split('&') ?? []) {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    // Only values: a parameter no route reads is ignored whatever its name.
    if (eq >= 0 && !isUtf8Component(pair.slice(eq + 1))) errors[safeKey(rawKey)] = [INVALID_UTF8_QUERY];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

function safeKey(rawKey: string): string {
  try {
    return decodeURIComponent(rawKey.replace(/\+/g, ' ')) || NON_FIELD;
  } catch {
    return NON_FIELD;
  }
}
