/**
 * Where the help menu points. Operators set their own addresses at build time through VITE_ variables;
 * the defaults are the product's public accounts.
 */
const env = import.meta.env;

function setting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const CONTACT_EMAIL = setting(env.VITE_CONTACT_EMAIL, 'support@ledgerloop.app');

export interface SocialLink {
  name: string;
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'X (Twitter)', href: setting(env.VITE_SOCIAL_X, 'https://x.com/ledgerloop') },
  { name: 'LinkedIn', href: setting(env.VITE_SOCIAL_LINKEDIN, 'https://www.linkedin.com/company/ledgerloop') },
  { name: 'GitHub', href: setting(env.VITE_SOCIAL_GITHUB, 'https://github.com/ledgerloop') },
];
