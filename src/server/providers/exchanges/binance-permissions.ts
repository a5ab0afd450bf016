import * as v from 'valibot';
import type { KeyPermissions } from './exchange-records';

/** GET /sapi/v1/account/apiRestrictions: what the API key may do. */
const apiRestrictionsSchema = v.looseObject({
  enableReading: v.boolean(),
  enableWithdrawals: v.boolean(),
  enableSpotAndMarginTrading: v.optional(v.boolean(), false),
  enableFutures: v.optional(v.boolean(), false),
  enableMargin: v.optional(v.boolean(), false),
});

/** The implicit ccxt method for that endpoint (binance only, so not on ccxt's base Exchange type). */
interface BinanceImplicitApi {
  sapiGetAccountApiRestrictions(params?: Record<string, unknown>): Promise<unknown>;
}

export class PermissionsUnreadable extends Error {}

export async function readBinancePermissions(exchange: unknown): Promise<KeyPermissions> {
  const api = exchange as BinanceImplicitApi;
  const answer = v.safeParse(apiRestrictionsSchema, await api.sapiGetAccountApiRestrictions());
  if (!answer.success) {
    throw new PermissionsUnreadable(`apiRestrictions: ${answer.issues.map((i) => i.message).join('; ')}`);
  }
  const r = answer.output;
  return {
    canRead: r.enableReading,
    canTrade: r.enableSpotAndMarginTrading || r.enableFutures || r.enableMargin,
    canWithdraw: r.enableWithdrawals,
  };
}
