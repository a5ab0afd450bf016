export { SEARCH_MAX, searchParam } from '../../shared/contract/primitives';

/** Words of a search text taken into account (the rest are ignored). */
export const SEARCH_MAX_WORDS = 8;

/** An ILIKE pattern matching `text` anywhere; `%`, `_` and `\` in the text match themselves. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The words of a search text: every one must match for a row to be found. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/).filter((word) => word !== '').slice(0, SEARCH_MAX_WORDS);
}
