import type { FtcPartner } from '../providers/ftc/ftc-partner';
import { createUnblockClient } from '../providers/ftc/unblock-client';
import { createHttpClient } from '../providers/http/http-client';
import { providerRateLimiterFor } from '../providers/http/provider-rate-limiter';
import type { Services } from '../services';

const partners = new WeakMap<Services, FtcPartner>();

/** The configured fiat-to-crypto partner, or null when this server has none (FTC_BASE_URL unset). */
export function ftcPartnerFor(s: Services): FtcPartner | null {
  const ftc = s.config.ftc;
  if (ftc === null) return null;
  let partner = partners.get(s);
  if (partner === undefined) {
    const http = createHttpClient({
      fetch: s.fetch,
      logger: { warn: (msg, meta) => s.logger.warn(msg, { ...meta }) },
      rateLimiter: providerRateLimiterFor({ db: s.db, config: s.config, logger: s.logger }),
    });
    partner = createUnblockClient({ baseUrl: ftc.baseUrl, apiKey: ftc.apiKey, http });
    partners.set(s, partner);
  }
  return partner;
}
