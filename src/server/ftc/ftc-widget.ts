import type { Config } from '../config/env';

/** What the page may frame when FTC_KYC_BASE_URL is unset: Sumsub's own verification pages. */
export const SUMSUB_FRAME_SOURCE = 'https://*.sumsub.com';

/**
 * The origin the identity-verification widget (the Sumsub web SDK) loads its page from: FTC_KYC_BASE_URL, or ''
 * to let the SDK choose Sumsub's own.
 */
export function ftcKycBaseUrl(config: Pick<Config, 'ftc'>): string {
  return config.ftc?.kycBaseUrl ?? '';
}

/** Origins the PWA may frame for the widget (none without a partner). */
export function ftcWidgetOrigins(config: Pick<Config, 'ftc'>): string[] {
  if (config.ftc === null) return [];
  return [config.ftc.kycBaseUrl ?? SUMSUB_FRAME_SOURCE];
}
