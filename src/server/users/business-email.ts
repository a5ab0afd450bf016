import type { Config } from '../config/env';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * docs/settings.md business e-mail check: a well-formed address that is on the allow-list or on the business domain.
 */
export function isBusinessEmail(
  email: string | null,
  config: Pick<Config, 'businessEmailDomain' | 'businessEmailAllowlist'>,
): boolean {
  if (email === null) return false;
  const value = email.trim().toLowerCase();
  if (!EMAIL_SHAPE.test(value)) return false;
  if (config.businessEmailAllowlist.includes(value)) return true;
  const domain = config.businessEmailDomain;
  return domain !== undefined && value.endsWith(`@${domain}`);
}
