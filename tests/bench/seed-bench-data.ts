import { randomBytes } from 'node:crypto';
import { privateKeyToAddress } from 'viem/accounts';
import { newSessionToken, sessionIdOf } from '../../src/server/auth/tokens';
import type { Database } from '../../src/server/db/database';
import { sessions, subscriptions, users, wallets } from '../../src/server/db/schema';
import { defaultWalletName } from '../../src/server/wallets/wallet-name';

export interface BenchUser {
  id: string;
  sessionToken: string;
}

const randomAddress = (): string => privateKeyToAddress(`0x${randomBytes(32).toString('hex')}`);

/** Inserts `count` wallet users, each with 1-3 wallets, a STARTER subscription and one live session. */
export async function seedBenchUsers(db: Database, count: number, now: Date): Promise<BenchUser[]> {
  const result: BenchUser[] = [];
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const addresses = Array.from({ length: size }, randomAddress);
    const rows = await db
      .insert(users)
      .values(
        addresses.map((address) => ({
          authKey: `wallet:${address.toLowerCase()}`,
          address,
          type: 'METAMASK' as const,
          fullAccess: true,
          createdAt: now,
          updatedAt: now,
          lastLoginAt: now,
        })),
      )
      .returning({ id: users.id, address: users.address });
    await db.insert(subscriptions).values(rows.map((row) => ({ userId: row.id, planCode: 'STARTER' as const, startedAt: now })));
    await db.insert(wallets).values(
      rows.flatMap((row, index) =>
        Array.from({ length: 1 + (index % 3) }, (_, n) => {
          const address = n === 0 ? row.address : randomAddress();
          return { userId: row.id, name: defaultWalletName(address), address, network: 'ETHEREUM' as const, createdAt: now };
        }),
      ),
    );
    const tokens = rows.map(() => newSessionToken());
    await db.insert(sessions).values(
      rows.map((row, index) => ({
        id: sessionIdOf(tokens[index] ?? ''),
        userId: row.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 30 * 86400_000),
        userAgent: 'bench',
      })),
    );
    rows.forEach((row, index) => result.push({ id: row.id, sessionToken: tokens[index] ?? '' }));
  }
  return result;
}

export { randomAddress };
