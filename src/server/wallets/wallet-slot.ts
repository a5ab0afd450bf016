import { count, eq } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages';
import type { Database } from '../db/database';
import { centralisedExchanges, users, wallets } from '../db/schema';
import { nonFieldError } from '../http/api-error';
import { currentPlan } from '../plans/current-plan';

/**
 * Adds a wallet or an exchange account within the plan's limit (wallets and exchange accounts count together).
 * One database transaction locks the user's row, counts and inserts, so parallel requests cannot pass the limit
 * together: each waits for the one before it and then sees its row. Over the limit: 400 with the documented text.
 */
export async function withWalletSlot<T>(
  db: Database,
  userId: string,
  now: Date,
  insert: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const plan = await currentPlan(tx, userId, now);
    if (plan.maxNumWallets !== null) {
      const [[walletCount], [exchangeCount]] = await Promise.all([
        tx.select({ n: count() }).from(wallets).where(eq(wallets.userId, userId)),
        tx.select({ n: count() }).from(centralisedExchanges).where(eq(centralisedExchanges.userId, userId)),
      ]);
      const used = Number(walletCount?.n ?? 0) + Number(exchangeCount?.n ?? 0);
      if (used >= plan.maxNumWallets) throw nonFieldError(MESSAGES.walletLimit(plan.maxNumWallets));
    }
    return insert(tx);
  });
}
