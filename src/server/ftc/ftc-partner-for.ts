import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { FtcPartner } from '../providers/ftc/ftc-partner';
import { createUnblockClient } from '../providers/ftc/unblock-client';
import { createHttpClient } from '../providers/http/http-client';
import { providerRateLimiterFor } from '../providers/http/provider-rate-limiter';
import type { Services } from '../services';

export interface FtcPartnerDeps {
  db: Database;
  config: Config;
  logger: Logger;
  fetch?: typeof fetch;
}

/** A client of the configured fiat-to-crypto partner, or null when this server has none (FTC_BASE_URL unset). */
export function createFtcPartner(deps: FtcPartnerDeps): FtcPartner | null {
  const ftc = deps.config.ftc;
  if (ftc === null) return null;
  const http = createHttpClient({
    fetch: deps.fetch,
    logger: { warn: (msg, meta) => deps.logger.warn(msg, { ...meta }) },
    rateLimiter: providerRateLimiterFor({ db: deps.db, config: deps.config, logger: deps.logger }),
  });
  return createUnblockClient({ baseUrl: ftc.baseUrl, apiKey: ftc.apiKey, http });
}

const partners = new WeakMap<Services, FtcPartner>();

/** The configured fiat-to-crypto partner of an app (one client per app), or null when this server has none. */
export function ftcPartnerFor(s: Services): FtcPartner | null {
  const known = partners.get(s);
  if (known !== undefined) return known;
  const partner = createFtcPartner(s);
  if (partner !== null) partners.set(s, partner);
  return partner;
}
