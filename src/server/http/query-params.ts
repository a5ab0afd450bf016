/** Valibot pieces for query parameters, shared by the list routes: one value, a bounded whole number, a list. */
import * as v from 'valibot';

/** How many values one list parameter may carry. */
export const MAX_LIST_ITEMS = 50;

/** One value of a parameter (a repeated one is refused), trimmed. */
export const single = (field: string) =>
  v.pipe(
    v.unknown(),
    v.check((value) => !Array.isArray(value), `Give one ${field}.`),
    v.transform((value) => String(value).trim()),
  );

/** A whole number between `min` and `max`; `fallback` when absent. */
export const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      single(field),
      v.regex(/^\d{1,9}$/, `${field} must be a whole number.`),
      v.transform(Number),
      v.minValue(min, `Ensure ${field} is at least ${String(min)}.`),
      v.maxValue(max, `Ensure ${field} is at most ${String(max)}.`),
    ),
    String(fallback),
  );

/** A list given as repeated parameters (`state=DUE&state=PAID`), comma-separated, or both; blanks dropped. */
export const list = <T extends string>(field: string, item: v.GenericSchema<string, T>) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) =>
        (Array.isArray(value) ? value : [value])
          .flatMap((entry) => String(entry).split(','))
          .map((entry) => entry.trim())
          .filter((entry) => entry !== ''),
      ),
      v.maxLength(MAX_LIST_ITEMS, `Give at most ${String(MAX_LIST_ITEMS)} ${field}.`),
      v.array(item),
    ),
    [],
  );
