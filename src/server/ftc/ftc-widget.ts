import type { Config } from '../config/env';

/** The page the identity-verification widget is embedded from: FTC_KYC_WIDGET_URL, else the partner's own. */
export function ftcWidgetUrl(config: Pick<Config, 'ftc'>): string | null {
  if (config.ftc === null) return null;
  return config.ftc.kycWidgetUrl ?? `${config.ftc.baseUrl.replace(/\/+$/, '')}/kyc/widget`;
}

/** Origins the PWA may frame for the widget (none without a partner). */
export function ftcWidgetOrigins(config: Pick<Config, 'ftc'>): string[] {
  const url = ftcWidgetUrl(config);
  return url === null ? [] : [new URL(url).origin];
}
