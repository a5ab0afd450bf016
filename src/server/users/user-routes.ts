import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { userEndpoints, type UserOut } from '../../shared/contract/users';
import type { PatchUserInput } from '../../shared/schemas/user';
import { endSession } from '../auth/session';
import { authOf } from '../http/guards';
import { endBillingOf } from '../billing/end-billing';
import { users, type NewUserRow, type UserRow } from '../db/schema';
import { fieldError, notAuthenticated } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { enqueuePriceFill } from '../sync/enqueue';
import { loadUserView } from './user-view';

export const SIGNED_EMAIL_LOCKED = 'The e-mail of an account signed in with Google cannot be changed.';

/** The column changes a PATCH user body asks for. */
function userChanges(user: UserRow, input: PatchUserInput): Partial<NewUserRow> {
  const changes: Partial<NewUserRow> = {};
  if (input.fiat_currency !== undefined) changes.fiatCurrency = input.fiat_currency;
  if (input.language !== undefined) changes.language = input.language;
  if (input.timezone !== undefined) changes.timezone = input.timezone;
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.address_line1 !== undefined) changes.addressLine1 = input.address_line1;
  if (input.address_line2 !== undefined) changes.addressLine2 = input.address_line2;
  if (input.city !== undefined) changes.city = input.city;
  if (input.postal_code !== undefined) changes.postalCode = input.postal_code;
  if (input.country !== undefined) changes.country = input.country;
  if (input.tax_number !== undefined) changes.taxNumber = input.tax_number;
  if (input.is_tutorial_viewed !== undefined) changes.isTutorialViewed = input.is_tutorial_viewed;
  if (input.suggestions !== undefined) {
    const timeout = input.suggestions.ftcTimeout;
    changes.ftcTimeout = timeout === null ? null : new Date(timeout);
  }
  if (input.email !== undefined && input.email !== user.email) {
    // docs/settings.md: the e-mail is editable only for users with an address; a Google account's e-mail is signed.
    if (user.address === '') throw fieldError('email', SIGNED_EMAIL_LOCKED);
    changes.email = input.email;
  }
  return changes;
}

/** GET user, PATCH user, DELETE delete-user. */
export function registerUserRoutes(app: Hono<AppEnv>, s: Services): void {
  const view = async (userId: string): Promise<UserOut> => {
    const user = await loadUserView(s.db, userId, s.config, s.now());
    if (user === null) throw notAuthenticated();
    return user;
  };

  route(app, s, userEndpoints.getUser, async (c) => view(authOf(c).user.id));

  route(app, s, userEndpoints.updateUser, async (c, { body }) => {
    const { user } = authOf(c);
    const changes = userChanges(user, body);
    if (Object.keys(changes).length > 0) {
      await s.db
        .update(users)
        .set({ ...changes, updatedAt: s.now() })
        .where(eq(users.id, user.id));
      // Values in the new currency need its rates on the days of the user's history.
      if (changes.fiatCurrency !== undefined && changes.fiatCurrency !== user.fiatCurrency) await enqueuePriceFill(s);
    }
    return view(user.id);
  });

  route(app, s, userEndpoints.deleteUser, async (c) => {
    const { user } = authOf(c);
    await endBillingOf(s.db, s.logger, s.billing, user.id);
    // Sessions, subscription, wallets, exchanges, documents and transactions go with the user (ON DELETE CASCADE).
    await s.db.delete(users).where(eq(users.id, user.id));
    await endSession(c, s);
    return c.body(null, 204);
  });
}
