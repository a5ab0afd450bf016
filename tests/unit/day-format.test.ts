import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDayText, localDayText } from '../../src/shared/day-format';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

describe('day texts', () => {
  it("write a yyyy-MM-dd day as 'MMM DD, YYYY', as the date library does", () => {
    expect(calendarDayText('2025-01-05')).toBe('Jan 05, 2025');
    expect(calendarDayText('2024-12-31T23:30:00Z')).toBe('Dec 31, 2024');
    expect(calendarDayText('05/01/2025')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (year, month, day) => {
        const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
        expect(calendarDayText(text)).toBe(dayjs(text).format('MMM DD, YYYY'));
      }),
    );
  });

  it("write a timestamp's local day, as the date library does", () => {
    expect(localDayText('not a time')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2199, 11, 31) }), (time) => {
        const text = new Date(time).toISOString();
        expect(localDayText(text)).toBe(dayjs(text).format('MMM DD, YYYY'));
      }),
    );
  });
});
