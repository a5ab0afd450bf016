import { sql } from 'drizzle-orm';
import { DEMO_WALLETS, demoAuthKey } from './demo/demo-wallets';
import { ensureDemoData } from './demo/seed-demo-data';
import { PLAN_CATALOGUE } from './config/plan-catalogue';
import type { Database } from './db/database';
import { plans, users, wallets } from './db/schema';

/**
 * Upserts the reference data: the three plans and the demo users with their wallets and sample data. Idempotent;
 * plan limits and prices follow the catalogue, while Stripe ids set by an operator are kept.
 */
export async function seedDatabase(db: Database, now: Date): Promise<void> {
  await db
    .insert(plans)
    .values(PLAN_CATALOGUE.map((plan) => ({ ...plan })))
    .onConflictDoUpdate({
      target: plans.code,
      set: {
        name: sql`excluded.name`,
        maxNumWallets: sql`excluded.max_num_wallets`,
        maxNumTransactions: sql`excluded.max_num_transactions`,
        maxNumInvoices: sql`excluded.max_num_invoices`,
        monthlyPrice: sql`excluded.monthly_price`,
        annualPrice: sql`excluded.annual_price`,
        sortOrder: sql`excluded.sort_order`,
      },
    });

  for (const demo of DEMO_WALLETS) {
    const [user] = await db
      .insert(users)
      .values({
        authKey: demoAuthKey(demo.address),
        address: demo.address,
        type: 'ADDRESS_ONLY',
        fullAccess: false,
        isDemo: true,
        isTutorialViewed: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: users.authKey,
        set: { address: demo.address, type: 'ADDRESS_ONLY', fullAccess: false, isDemo: true },
      })
      .returning({ id: users.id });
    if (user === undefined) throw new Error('Demo user upsert returned no row.');
    await db
      .insert(wallets)
      .values({
        userId: user.id,
        name: demo.name,
        address: demo.address,
        network: demo.network,
        isSynchronized: true,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [wallets.userId, wallets.network, wallets.address],
        set: { name: demo.name },
      });
  }
  await ensureDemoData(db, now);
}
