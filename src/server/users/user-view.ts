import { eq, sql } from 'drizzle-orm';
import type { UserOut } from '../../shared/contract/users';
import type { Subscription } from '../../shared/schemas/billing';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import { centralisedExchanges, subscriptions, users, wallets, type UserRow } from '../db/schema';
import { effectiveSubscription, subscriptionStateColumns } from '../plans/current-plan';
import { isBusinessEmail } from './business-email';
import { preparedStatement } from '../lib/prepared';

type ViewConfig = Pick<Config, 'businessEmailDomain' | 'businessEmailAllowlist'>;

const userViewStatement = (db: Database) =>
  db
    .select({
      user: users,
      subscription: subscriptionStateColumns,
      walletCount: sql<number>`(select count(*) from ${wallets} where ${wallets.userId} = ${users.id})::int`,
      exchangeCount: sql<number>`(select count(*) from ${centralisedExchanges} where ${centralisedExchanges.userId} = ${users.id})::int`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_view');

/** Loads the user with their plan and wallet counts as the API's User object. */
export async function loadUserView(
  db: Database,
  userId: string,
  config: ViewConfig,
  now: Date,
): Promise<UserOut | null> {
  const [row] = await preparedStatement(db, 'user_view', userViewStatement).execute({ userId });
  if (row === undefined) return null;
  const subscription = effectiveSubscription(row.subscription?.planCode ? row.subscription : null, now);
  return toUserView(row.user, {
    walletCount: Number(row.walletCount),
    exchangeCount: Number(row.exchangeCount),
    subscription,
    config,
  });
}

export function toUserView(
  user: UserRow,
  extra: {
    walletCount: number;
    exchangeCount: number;
    subscription: Subscription;
    config: ViewConfig;
  },
): UserOut {
  return {
    id: user.id,
    address: user.address,
    type: user.type,
    signed_email: user.signedEmail,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    address_line1: user.addressLine1,
    address_line2: user.addressLine2,
    city: user.city,
    postal_code: user.postalCode,
    country: user.country,
    tax_number: user.taxNumber,
    fiat_currency: user.fiatCurrency,
    language: user.language,
    timezone: user.timezone,
    full_access: user.fullAccess,
    has_wallet: extra.walletCount + extra.exchangeCount > 0,
    is_staff: user.isStaff,
    is_superuser: user.isSuperuser,
    is_tutorial_viewed: user.isTutorialViewed,
    is_demo: user.isDemo,
    is_business: isBusinessEmail(user.signedEmail ?? (user.email === '' ? null : user.email), extra.config),
    wallets_number: extra.walletCount,
    kyc: user.kyc,
    subscription: extra.subscription,
    suggestions: { ftcTimeout: user.ftcTimeout?.toISOString() ?? null },
    created_at: user.createdAt.toISOString(),
  };
}
