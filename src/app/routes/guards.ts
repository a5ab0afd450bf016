/** Route rules of docs/README.md ("Route table"), as pure decisions the router's beforeLoad guards apply. */
import type { User } from '../../shared/api-types';
import { GUEST_INVOICE_TEXT } from '../features/new-invoice/new-invoice-texts';

export type GuardTarget = '/auth' | '/overview';

/** '/' goes to the dashboard when signed in, else to the login page. */
export function homeTarget(user: User | null): GuardTarget {
  return user ? '/overview' : '/auth';
}

/** Protected routes send the signed-out to /auth; null lets the navigation through. */
export function protectedTarget(user: User | null): GuardTarget | null {
  return user ? null : '/auth';
}

/** Admin routes: signed-out to /auth, non-staff to /overview. */
export function adminTarget(user: User | null): GuardTarget | null {
  if (!user) return '/auth';
  return user.is_staff ? null : '/overview';
}

/** /new-invoice requires full access, else /overview. */
export function newInvoiceTarget(user: User | null): GuardTarget | null {
  if (!user) return '/auth';
  return user.full_access ? null : '/overview';
}

/** What a guest sent away from /new-invoice is told; null for everyone else. */
export function newInvoiceNotice(user: User | null): string | null {
  return user !== null && !user.full_access ? GUEST_INVOICE_TEXT : null;
}

/** /fiat-payment-kyc requires full access, else /auth (docs/payments.md). */
export function fiatKycTarget(user: User | null): GuardTarget | null {
  if (!user) return '/auth';
  return user.full_access ? null : '/auth';
}

/** /auth: a signed-in user goes to the dashboard. */
export function authTarget(user: User | null): GuardTarget | null {
  return user ? '/overview' : null;
}
