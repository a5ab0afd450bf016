import { describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api-types';
import {
  adminTarget,
  authTarget,
  fiatKycTarget,
  homeTarget,
  newInvoiceNotice,
  newInvoiceTarget,
  protectedTarget,
} from '../../src/app/routes/guards';
import { parseSettingsSearch } from '../../src/app/lib/settings-search';

function user(overrides: Partial<User>): User {
  return { id: 'u1', full_access: true, is_staff: false, ...overrides } as User;
}

describe('route guards', () => {
  it("'/' goes to /overview when signed in, else /auth", () => {
    expect(homeTarget(user({}))).toBe('/overview');
    expect(homeTarget(null)).toBe('/auth');
  });

  it('protected routes send the signed-out to /auth and let guests through', () => {
    expect(protectedTarget(null)).toBe('/auth');
    expect(protectedTarget(user({ full_access: false }))).toBeNull();
  });

  it('admin: signed-out to /auth, non-staff to /overview, staff through', () => {
    expect(adminTarget(null)).toBe('/auth');
    expect(adminTarget(user({ is_staff: false }))).toBe('/overview');
    expect(adminTarget(user({ is_staff: true }))).toBeNull();
  });

  it('/new-invoice needs full access, else /overview', () => {
    expect(newInvoiceTarget(user({ full_access: false }))).toBe('/overview');
    expect(newInvoiceTarget(user({ full_access: true }))).toBeNull();
    expect(newInvoiceTarget(null)).toBe('/auth');
    // A guest is told why, in the documented words; the signed-out and full users are not.
    expect(newInvoiceNotice(user({ full_access: false }))).toBe('Create invoice feature is available only for logged-in users.');
    expect(newInvoiceNotice(user({ full_access: true }))).toBeNull();
    expect(newInvoiceNotice(null)).toBeNull();
  });

  it('/fiat-payment-kyc needs full access, else /auth', () => {
    expect(fiatKycTarget(user({ full_access: false }))).toBe('/auth');
    expect(fiatKycTarget(user({}))).toBeNull();
  });

  it('/auth sends a signed-in user to /overview', () => {
    expect(authTarget(user({}))).toBe('/overview');
    expect(authTarget(null)).toBeNull();
  });
});

describe('settings search', () => {
  it('keeps a known section and drops anything else', () => {
    expect(parseSettingsSearch({ section: 'profile' })).toEqual({ section: 'profile' });
    expect(parseSettingsSearch({ section: 'fiat-to-crypto' })).toEqual({ section: 'fiat-to-crypto' });
    expect(parseSettingsSearch({ section: 'billing' })).toEqual({});
    expect(parseSettingsSearch({})).toEqual({});
  });
});
