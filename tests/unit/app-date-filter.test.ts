import { describe, expect, it } from 'vitest';
import {
  DATE_MESSAGES,
  dateBounds,
  dateRangeErrors,
  earliestEnd,
  isRealDay,
  latestStart,
  rangeToApply,
  resetToBound,
  singleDateError,
} from '../../src/app/lib/date-range-rules';
import { rollOverSavedEndDates, type KeyValueStorage } from '../../src/app/lib/day-rollover';

const bounds = { min: '2023-03-10', max: '2024-06-15' };

describe('single date rules (docs/errors.md)', () => {
  it('accepts an empty value and real days inside the bounds', () => {
    expect(singleDateError('', bounds)).toBeNull();
    expect(singleDateError('2023-03-10', bounds)).toBeNull();
    expect(singleDateError('2024-06-15', bounds)).toBeNull();
    expect(singleDateError('2024-02-29', bounds)).toBeNull();
  });

  it('asks for yyyy-mm-dd when the shape is wrong', () => {
    for (const value of ['15.06.2024', '2024-6-15', '2024/06/15', 'yesterday', '20240615']) {
      expect(singleDateError(value, bounds)).toBe(DATE_MESSAGES.format);
    }
  });

  it('refuses days that do not exist or lie outside the bounds', () => {
    expect(singleDateError('2023-02-29', { min: '2020-01-01', max: '2024-01-01' })).toBe(DATE_MESSAGES.invalid);
    expect(singleDateError('2024-04-31', bounds)).toBe(DATE_MESSAGES.invalid);
    expect(singleDateError('2023-03-09', bounds)).toBe(DATE_MESSAGES.invalid);
    expect(singleDateError('2024-06-16', bounds)).toBe(DATE_MESSAGES.invalid);
  });

  it('knows leap years', () => {
    expect(isRealDay('2000-02-29')).toBe(true);
    expect(isRealDay('1900-02-29')).toBe(false);
    expect(isRealDay('2024-13-01')).toBe(false);
    expect(isRealDay('2024-00-10')).toBe(false);
  });
});

describe('the From/To pair', () => {
  it('flags both fields when "To" is not after "From"', () => {
    const both = { start: DATE_MESSAGES.beforeTo, end: DATE_MESSAGES.afterFrom };
    expect(dateRangeErrors('2024-05-02', '2024-05-01', bounds)).toEqual(both);
    expect(dateRangeErrors('2024-05-01', '2024-05-01', bounds)).toEqual(both);
    expect(dateRangeErrors(bounds.max, bounds.max, bounds)).toEqual(both);
  });

  it('accepts ordered ranges, one day apart at the least', () => {
    expect(dateRangeErrors('2024-05-01', '2024-05-02', bounds)).toEqual({});
    expect(dateRangeErrors('2023-04-01', '2024-05-01', bounds)).toEqual({});
    expect(dateRangeErrors('2024-05-01', '', bounds)).toEqual({});
  });

  it('limits the pickers to strictly ordered days inside the bounds', () => {
    expect(latestStart('2024-05-01', bounds)).toBe('2024-04-30');
    expect(latestStart('2024-03-01', bounds)).toBe('2024-02-29');
    expect(latestStart('', bounds)).toBe(bounds.max);
    expect(latestStart('2030-01-01', bounds)).toBe(bounds.max);
    expect(earliestEnd('2024-05-01', bounds)).toBe('2024-05-02');
    expect(earliestEnd('2023-12-31', bounds)).toBe('2024-01-01');
    expect(earliestEnd('', bounds)).toBe(bounds.min);
    expect(earliestEnd('2020-01-01', bounds)).toBe(bounds.min);
  });

  it('reports each field on its own before comparing them', () => {
    expect(dateRangeErrors('2024-99-01', '2024-05-01', bounds)).toEqual({ start: DATE_MESSAGES.invalid });
    expect(dateRangeErrors('24-01-01', '2024-05-01', bounds)).toEqual({ start: DATE_MESSAGES.format });
    expect(dateRangeErrors('2024-05-01', '2030-01-01', bounds)).toEqual({ end: DATE_MESSAGES.invalid });
  });

  it('applies only when both dates parse and nothing is wrong', () => {
    expect(rangeToApply('', '', bounds)).toBeNull();
    expect(rangeToApply('2024-01-01', '', bounds)).toBeUndefined();
    expect(rangeToApply('', '2024-01-01', bounds)).toBeUndefined();
    expect(rangeToApply('2024-02-01', '2024-01-01', bounds)).toBeUndefined();
    expect(rangeToApply('2024-01-01', '2024-01-01', bounds)).toBeUndefined();
    expect(rangeToApply('2024-01-01', '2099-01-01', bounds)).toBeUndefined();
    expect(rangeToApply('2024-01-01', '2024-02-01', bounds)).toEqual({ start: '2024-01-01', end: '2024-02-01' });
  });

  it('resets invalid values to the bounds', () => {
    expect(resetToBound('2020-01-01', bounds, 'start')).toBe(bounds.min);
    expect(resetToBound('2030-01-01', bounds, 'end')).toBe(bounds.max);
    expect(resetToBound('2024-02-30', bounds, 'start')).toBe(bounds.min);
    expect(resetToBound('garbage', bounds, 'end')).toBe(bounds.max);
    expect(resetToBound('2024-01-05', bounds, 'end')).toBe('2024-01-05');
    expect(resetToBound('', bounds, 'end')).toBe('');
  });

  it('takes the earliest day from the first transaction, else today', () => {
    expect(dateBounds(null, '2024-06-15')).toEqual({ min: '2024-06-15', max: '2024-06-15' });
    expect(dateBounds('2023-03-10T12:00:00', '2024-06-15')).toEqual({ min: '2023-03-10', max: '2024-06-15' });
    expect(dateBounds('2025-01-01T00:00:00', '2024-06-15')).toEqual({ min: '2024-06-15', max: '2024-06-15' });
  });
});

function memoryStorage(initial: Record<string, string>): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
}

describe('day rollover of saved filters (docs/invoices.md)', () => {
  it('moves an end date equal to the previous activity day to today and stores the day', () => {
    const storage = memoryStorage({
      last_activity: '2024-06-14',
      transactions_filters: JSON.stringify({ start_date: '2024-06-01', end_date: '2024-06-14', tokens: ['ETH'] }),
      documents_filters: JSON.stringify({ start_date: '2024-05-01', end_date: '2024-06-10' }),
    });
    expect(rollOverSavedEndDates(storage, '2024-06-15')).toEqual(['transactions_filters']);
    expect(JSON.parse(storage.data.get('transactions_filters') ?? '')).toEqual({
      start_date: '2024-06-01',
      end_date: '2024-06-15',
      tokens: ['ETH'],
    });
    expect(JSON.parse(storage.data.get('documents_filters') ?? '')).toMatchObject({ end_date: '2024-06-10' });
    expect(storage.data.get('last_activity')).toBe('2024-06-15');
  });

  it('changes nothing on the same day, and only records the day on a first visit', () => {
    const saved = JSON.stringify({ start_date: '2024-06-01', end_date: '2024-06-14' });
    const sameDay = memoryStorage({ last_activity: '2024-06-15', transactions_filters: saved });
    expect(rollOverSavedEndDates(sameDay, '2024-06-15')).toEqual([]);
    expect(sameDay.data.get('transactions_filters')).toBe(saved);

    const first = memoryStorage({ transactions_filters: JSON.stringify({ end_date: '2024-06-14' }) });
    expect(rollOverSavedEndDates(first, '2024-06-15')).toEqual([]);
    expect(first.data.get('last_activity')).toBe('2024-06-15');
  });

  it('ignores malformed saved values', () => {
    const storage = memoryStorage({ last_activity: '2024-06-14', transactions_filters: '{not json' });
    expect(rollOverSavedEndDates(storage, '2024-06-15')).toEqual([]);
    expect(storage.data.get('transactions_filters')).toBe('{not json');
  });
});
