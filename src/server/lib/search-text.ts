import * as v from 'valibot';

/** Longest search text the API accepts. */
export const SEARCH_MAX = 200;
/** Words of a search text taken into account (the rest are ignored). */
export const SEARCH_MAX_WORDS = 8;

/** The optional `search` query parameter of the list and search routes. */
export const searchParam = v.optional(
  v.pipe(
    v.string('Give one search text.'),
    v.trim(),
    v.maxLength(SEARCH_MAX, `Ensure this field has no more than ${String(SEARCH_MAX)} characters.`),
  ),
);

/** An ILIKE pattern matching `text` anywhere; `%`, `_` and `\` in the text match themselves. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The words of a search text: every one must match for a row to be found. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/).filter((word) => word !== '').slice(0, SEARCH_MAX_WORDS);
}
