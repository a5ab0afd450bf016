import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { exchangeEndpoints } from '../../shared/contract/exchanges';
import type { Exchange } from '../../shared/enums';
import type { CreateExchangeInput } from '../../shared/schemas/exchange';
import { authOf } from '../http/guards';
import { SecretBoxError } from '../crypto/secret-box';
import { isUuid } from '../lib/ids';
import { centralisedExchanges } from '../db/schema';
import { fieldError, nonFieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { createExchangeClient, EXCHANGE_DEFINITIONS, isExchangeKeyError } from '../providers/exchanges';
import { isProviderError } from '../providers/http/provider-error';
import type { Services } from '../services';
import { enqueueExchangeSync } from '../sync/enqueue';
import { withWalletSlot } from '../wallets/wallet-slot';
import { apiKeyHint, secretBoxFor } from './exchange-keys';
import { loadExchangeAccounts } from './exchange-view';

export const DUPLICATE_EXCHANGE_KEY = 'This API key is already connected.';

const unreachable = (exchange: Exchange): string =>
  `${EXCHANGE_DEFINITIONS[exchange].displayName} could not be reached to check this key. Try again later.`;

/**
 * Asks the exchange what the key may do. A key that is refused, cannot read or can withdraw is answered with
 * the exchange client's clear message; an exchange that cannot be reached says so. Neither key appears in any
 * answer or log line.
 */
async function checkKey(s: Services, input: CreateExchangeInput): Promise<void> {
  const base = s.config.chain.exchangeBaseUrls[input.exchange];
  const client = createExchangeClient(
    {
      exchange: input.exchange,
      apiKey: input.api_key,
      secret: input.secret_key,
      ...(base === undefined ? {} : { urls: { base } }),
    },
    { fetch: s.fetch },
  );
  try {
    await client.checkPermissions();
  } catch (error) {
    if (isExchangeKeyError(error)) throw nonFieldError(error.message);
    if (isProviderError(error)) {
      s.logger.warn('Exchange key check failed', { exchange: input.exchange, kind: error.kind, detail: error.detail });
      throw nonFieldError(unreachable(input.exchange));
    }
    throw error;
  }
}

/** GET and POST centralised-exchanges, DELETE centralised-exchanges/{id}. */
export function registerExchangeRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, exchangeEndpoints.listExchanges, async (c) => {
    const { user } = authOf(c);
    const fiat = await s.market.fiat.context(user.fiatCurrency);
    return loadExchangeAccounts(s.db, user.id, fiat);
  });

  route(app, s, exchangeEndpoints.createExchange, async (c, { body: input }) => {
    const { user } = authOf(c);
    await checkKey(s, input);
    const box = secretBoxFor(s.config);
    const created = await withWalletSlot(s.db, user.id, s.now(), async (tx) => {
      const existing = await tx
        .select({ apiKeySealed: centralisedExchanges.apiKeySealed })
        .from(centralisedExchanges)
        .where(and(eq(centralisedExchanges.userId, user.id), eq(centralisedExchanges.exchange, input.exchange)));
      for (const row of existing) {
        let apiKey: string;
        try {
          apiKey = box.open(row.apiKeySealed);
        } catch (error) {
          if (error instanceof SecretBoxError) continue;
          throw error;
        }
        if (apiKey === input.api_key) throw fieldError('api_key', DUPLICATE_EXCHANGE_KEY);
      }
      const [row] = await tx
        .insert(centralisedExchanges)
        .values({
          userId: user.id,
          exchange: input.exchange,
          apiKeySealed: box.seal(input.api_key),
          secretKeySealed: box.seal(input.secret_key),
          apiKeyHint: apiKeyHint(input.api_key),
          createdAt: s.now(),
        })
        .returning({ id: centralisedExchanges.id });
      if (row === undefined) throw new Error('The exchange account insert returned nothing.');
      return row;
    });
    try {
      await enqueueExchangeSync(s, created.id);
    } catch (error) {
      s.logger.warn('Could not queue the first sync of a new exchange account', { cexId: created.id, error });
    }
    const fiat = await s.market.fiat.context(user.fiatCurrency);
    const [account] = await loadExchangeAccounts(s.db, user.id, fiat, [created.id]);
    return c.json(account, 201);
  });

  route(app, s, exchangeEndpoints.deleteExchange, async (c, { params: { id } }) => {
    if (!isUuid(id)) throw notFound();
    const [row] = await s.db
      .delete(centralisedExchanges)
      .where(and(eq(centralisedExchanges.id, id), eq(centralisedExchanges.userId, authOf(c).user.id)))
      .returning({ id: centralisedExchanges.id });
    if (row === undefined) throw notFound();
    return c.body(null, 204);
  });
}
