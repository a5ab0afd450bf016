/** The signed-in user (docs/sign-in.md, docs/settings.md): read, edit, delete the account. */
import * as v from 'valibot';
import { KYC_STATES } from '../kyc-states';
import { USER_TYPES } from '../user-types';
import { subscriptionSchema } from '../schemas/billing';
import { patchUserSchema } from '../schemas/user';
import { endpoint } from './endpoint';
import { fiatCurrency, timestamp } from './primitives';

/** The User object every sign-in and GET/PATCH user answer. */
export const userOut = v.object({
  id: v.string(),
  /** Sign-in address (wallet or address-only login); '' for Google users. */
  address: v.string(),
  type: v.nullable(v.picklist(USER_TYPES)),
  signed_email: v.nullable(v.string()),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  address_line1: v.string(),
  address_line2: v.string(),
  city: v.string(),
  postal_code: v.string(),
  country: v.string(),
  tax_number: v.string(),
  fiat_currency: fiatCurrency,
  language: v.string(),
  timezone: v.string(),
  full_access: v.boolean(),
  has_wallet: v.boolean(),
  is_staff: v.boolean(),
  is_superuser: v.boolean(),
  is_tutorial_viewed: v.boolean(),
  is_demo: v.boolean(),
  /** A signed e-mail on the business allow-list or domain. */
  is_business: v.boolean(),
  wallets_number: v.number(),
  kyc: v.nullable(v.picklist(KYC_STATES)),
  subscription: subscriptionSchema,
  suggestions: v.object({ ftcTimeout: v.nullable(timestamp) }),
  created_at: timestamp,
});
export type UserOut = v.InferOutput<typeof userOut>;

export const userEndpoints = {
  getUser: endpoint({ method: 'GET', path: '/api/user', access: 'user', response: userOut }),
  updateUser: endpoint({ method: 'PATCH', path: '/api/user', access: 'full', body: patchUserSchema, response: userOut }),
  /** Ends billing, deletes the account with everything it owns, and ends the session (204). */
  deleteUser: endpoint({ method: 'DELETE', path: '/api/delete-user', access: 'full' }),
} as const;
