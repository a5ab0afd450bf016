import { sql } from 'drizzle-orm';
import type { Network, WalletLoginKind } from '../../shared/enums';
import type { Privileges } from '../auth/privileges';
import type { Database } from '../db/database';
import { subscriptions, users, wallets } from '../db/schema';
import { DEFAULT_PLAN } from '../plans/current-plan';
import { defaultWalletName } from '../wallets/wallet-name';

/** Rights only grow at sign-in: OR the stored flag with the configured one. */
const grant = (privileges: Privileges) => ({
  isStaff: sql`${users.isStaff} or ${privileges.isStaff}`,
  isSuperuser: sql`${users.isSuperuser} or ${privileges.isSuperuser}`,
});

async function ensureSubscription(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, planCode: DEFAULT_PLAN, startedAt: now })
    .onConflictDoNothing({ target: subscriptions.userId });
}

function returnedId(rows: { id: string }[]): string {
  const row = rows[0];
  if (row === undefined) throw new Error('User upsert returned no row.');
  return row.id;
}

/** Finds or creates the full-access user of a wallet sign-in (auth_key `wallet:<lowercased>`). */
export async function upsertWalletUser(
  db: Database,
  p: { address: string; kind: WalletLoginKind; privileges: Privileges; now: Date },
): Promise<string> {
  const rows = await db
    .insert(users)
    .values({
      authKey: `wallet:${p.address.toLowerCase()}`,
      address: p.address,
      type: p.kind,
      fullAccess: true,
      isStaff: p.privileges.isStaff,
      isSuperuser: p.privileges.isSuperuser,
      createdAt: p.now,
      updatedAt: p.now,
      lastLoginAt: p.now,
    })
    .onConflictDoUpdate({
      target: users.authKey,
      set: { address: p.address, type: p.kind, fullAccess: true, lastLoginAt: p.now, ...grant(p.privileges) },
    })
    .returning({ id: users.id });
  const id = returnedId(rows);
  await ensureSubscription(db, id, p.now);
  return id;
}

/** Finds or creates the full-access user of a Google sign-in (auth_key `google:<subject>`). */
export async function upsertGoogleUser(
  db: Database,
  p: { subject: string; email: string; firstName: string; lastName: string; privileges: Privileges; now: Date },
): Promise<string> {
  const rows = await db
    .insert(users)
    .values({
      authKey: `google:${p.subject}`,
      address: '',
      type: 'GOOGLE',
      signedEmail: p.email,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      fullAccess: true,
      isStaff: p.privileges.isStaff,
      isSuperuser: p.privileges.isSuperuser,
      createdAt: p.now,
      updatedAt: p.now,
      lastLoginAt: p.now,
    })
    .onConflictDoUpdate({
      target: users.authKey,
      set: {
        type: 'GOOGLE',
        signedEmail: p.email,
        email: p.email,
        // Names the user edited are kept; empty ones are filled from the account.
        firstName: sql`case when ${users.firstName} = '' then excluded.first_name else ${users.firstName} end`,
        lastName: sql`case when ${users.lastName} = '' then excluded.last_name else ${users.lastName} end`,
        fullAccess: true,
        lastLoginAt: p.now,
        ...grant(p.privileges),
      },
    })
    .returning({ id: users.id });
  const id = returnedId(rows);
  await ensureSubscription(db, id, p.now);
  return id;
}

/**
 * Finds or creates the read-only guest of an address sign-in (auth_key `address:<normalised>`) and makes sure
 * it tracks that address as a wallet.
 */
export async function upsertAddressUser(
  db: Database,
  p: { address: string; network: Network; now: Date },
): Promise<string> {
  const rows = await db
    .insert(users)
    .values({
      authKey: `address:${p.address}`,
      address: p.address,
      type: 'ADDRESS_ONLY',
      fullAccess: false,
      createdAt: p.now,
      updatedAt: p.now,
      lastLoginAt: p.now,
    })
    .onConflictDoUpdate({ target: users.authKey, set: { lastLoginAt: p.now } })
    .returning({ id: users.id });
  const id = returnedId(rows);
  await db
    .insert(wallets)
    .values({ userId: id, name: defaultWalletName(p.address), address: p.address, network: p.network, createdAt: p.now })
    .onConflictDoNothing({ target: [wallets.userId, wallets.network, wallets.address] });
  return id;
}
