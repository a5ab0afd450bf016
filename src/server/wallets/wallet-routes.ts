import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { normalizeAddress } from '../../shared/address-validation';
import { walletCreateEndpoints } from '../../shared/contract/wallet-create';
import { walletEndpoints, type WalletOut } from '../../shared/contract/wallets';
import { NETWORK_LABELS } from '../../shared/enums';
import { authOf } from '../http/guards';
import { documents, documentWallets, wallets } from '../db/schema';
import { fieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { enqueueWalletSync } from '../sync/enqueue';
import { isUuid } from '../lib/ids';
import { loadWalletDetails } from './wallet-list';
import { withWalletSlot } from './wallet-slot';

const duplicateWallet = (network: keyof typeof NETWORK_LABELS): string =>
  `This address is already one of your wallets on ${NETWORK_LABELS[network]}.`;

/** GET, POST wallets; PATCH and DELETE wallets/{id}. Only the signed-in user's wallets; guests only read. */
export function registerWalletRoutes(app: Hono<AppEnv>, s: Services): void {
  const detailsOf = async (userId: string, ids: readonly string[], fiat: WalletOut['fiat_currency']) => {
    const context = await s.market.fiat.context(fiat);
    return loadWalletDetails(s.db, userId, { ids }, context);
  };

  route(app, s, walletEndpoints.listWallets, async (c, { query }) => {
    const { user } = authOf(c);
    const context = await s.market.fiat.context(user.fiatCurrency);
    return loadWalletDetails(s.db, user.id, query, context);
  });

  route(app, s, walletCreateEndpoints.createWallet, async (c, { body: input }) => {
    const { user } = authOf(c);
    const address = normalizeAddress(input.address, input.network);
    const created = await withWalletSlot(s.db, user.id, s.now(), async (tx) => {
      const [existing] = await tx
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.userId, user.id), eq(wallets.network, input.network), eq(wallets.address, address)))
        .limit(1);
      if (existing !== undefined) throw fieldError('address', duplicateWallet(input.network));
      const [row] = await tx
        .insert(wallets)
        .values({ userId: user.id, name: input.name, address, network: input.network, createdAt: s.now() })
        .returning({ id: wallets.id });
      if (row === undefined) throw new Error('The wallet insert returned nothing.');
      return row;
    });
    try {
      await enqueueWalletSync(s, created.id);
    } catch (error) {
      // The wallet exists; the periodic sync picks it up if queueing failed now.
      s.logger.warn('Could not queue the first sync of a new wallet', { walletId: created.id, error });
    }
    const [detail] = await detailsOf(user.id, [created.id], user.fiatCurrency);
    return c.json(detail, 201);
  });

  route(app, s, walletEndpoints.updateWallet, async (c, { params: { id }, body: changes }) => {
    if (!isUuid(id)) throw notFound();
    const { user } = authOf(c);
    const [row] = await s.db
      .update(wallets)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.is_active === undefined ? {} : { isActive: changes.is_active }),
      })
      .where(and(eq(wallets.id, id), eq(wallets.userId, user.id)))
      .returning({ id: wallets.id });
    if (row === undefined) throw notFound();
    const [detail] = await detailsOf(user.id, [row.id], user.fiatCurrency);
    if (detail === undefined) throw notFound();
    return detail;
  });

  route(app, s, walletEndpoints.deleteWallet, async (c, { params: { id } }) => {
    if (!isUuid(id)) throw notFound();
    const { user } = authOf(c);
    await s.db.transaction(async (tx) => {
      const [own] = await tx
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.id, id), eq(wallets.userId, user.id)))
        .for('update');
      if (own === undefined) throw notFound();
      // The wallet's documents go with it (the client lists them for confirmation first).
      const linked = tx
        .select({ id: documentWallets.documentId })
        .from(documentWallets)
        .where(eq(documentWallets.walletId, id));
      await tx.delete(documents).where(and(eq(documents.userId, user.id), inArray(documents.id, linked)));
      await tx.delete(wallets).where(eq(wallets.id, id));
    });
    return c.body(null, 204);
  });
}
