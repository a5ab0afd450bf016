import { describe, expect, it, vi } from 'vitest';
import { validate, version } from 'uuid';
import { timeOrderedId } from '../../src/server/lib/time-ordered-id';

/** The id's leading 48 bits: Unix milliseconds. */
const millisOf = (id: string): number => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('time-ordered ids', () => {
  it('are UUID v7, distinct across several refills of the random pool', () => {
    const ids = Array.from({ length: 2_000 }, timeOrderedId);
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry the time they were made, so later ids sort after earlier ones', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ['Date'] });
    try {
      const first = timeOrderedId();
      vi.setSystemTime(Date.UTC(2026, 0, 1) + 1);
      const second = timeOrderedId();
      vi.setSystemTime(Date.UTC(2026, 6, 1));
      const third = timeOrderedId();
      expect(millisOf(first)).toBe(Date.UTC(2026, 0, 1));
      expect(millisOf(third)).toBe(Date.UTC(2026, 6, 1));
      expect([third, first, second].sort()).toEqual([first, second, third]);
    } finally {
      vi.useRealTimers();
    }
  });
});
