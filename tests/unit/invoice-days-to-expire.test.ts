import { describe, expect, it } from 'vitest';
import { daysToExpire } from '../../src/server/invoices/invoice-view';

describe('days_to_expire', () => {
  // 2026-03-09 23:30 UTC: already 10 March in Auckland, still 9 March in Los Angeles.
  const now = new Date(Date.UTC(2026, 2, 9, 23, 30));

  it("counts whole days from the owner's today, as the expiry job does", () => {
    expect(daysToExpire('2026-03-10', now, 'UTC')).toBe(1);
    expect(daysToExpire('2026-03-10', now, 'Pacific/Auckland')).toBe(0);
    expect(daysToExpire('2026-03-10', now, 'America/Los_Angeles')).toBe(1);
    expect(daysToExpire('2026-03-08', now, 'Pacific/Auckland')).toBe(-2);
  });

  it('reads an unknown zone as UTC and no due date as none', () => {
    expect(daysToExpire('2026-03-10', now, 'Not/AZone')).toBe(1);
    expect(daysToExpire(null, now, 'UTC')).toBeNull();
  });
});
