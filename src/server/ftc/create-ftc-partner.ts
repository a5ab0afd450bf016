import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { FtcPartner } from '../providers/ftc/ftc-partner';
import { createUnblockClient } from '../providers/ftc/unblock-client';
import { createHttpClient } from '../providers/http/http-client';
import { providerRateLimiterFor } from '../providers/http/provider-rate-limiter';

/** The configured fiat-to-crypto partner, or null when this server has none (FTC_BASE_URL unset). */
export function createFtcPartner(s: { db: Database; config: Config; fetch?: typeof fetch; logger: Logger }): FtcPartner | null {
  const ftc = s.config.ftc;
  if (ftc === null) return null;
  const http = createHttpClient({
    fetch: s.fetch,
    logger: { warn: (msg, meta) => s.logger.warn(msg, { ...meta }) },
    rateLimiter: providerRateLimiterFor({ db: s.db, config: s.config, logger: s.logger }),
  });
  return createUnblockClient({ baseUrl: ftc.baseUrl, apiKey: ftc.apiKey, http });
}
