/**
 * Where the help menu points. Operators set their own addresses at build time through VITE_ variables;
 * the defaults are the product's public accounts.
 */
const env = import.meta.env;

function setting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const CONTACT_EMAIL = setting(env.VITE_CONTACT_EMAIL, 'support@ledgerloop.app');

/** The contact page the Enterprise plan's 'Reach Out' opens: VITE_CONTACT_URL, else an e-mail to the contact address. */
export const CONTACT_PAGE_URL = setting(
  env.VITE_CONTACT_URL,
  `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Enterprise plan')}`,
);

/**
 * The support chat's address: `configured` (VITE_CHAT_URL) when it is an http(s) or mailto URL, else an e-mail to
 * the contact address.
 */
export function chatHref(configured: unknown, contactEmail: string): string {
  if (typeof configured === 'string') {
    try {
      const url = new URL(configured.trim());
      if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:') return url.href;
    } catch {
      // Not a URL: fall back to the e-mail.
    }
  }
  return `mailto:${contactEmail}`;
}

/** Where the help menu's Chat entry and the tutorial's closing dialog send users. */
export const CHAT_URL = chatHref(env.VITE_CHAT_URL, CONTACT_EMAIL);

/** A web chat opens in a new tab; a mailto link hands over to the mail app. */
export function opensInNewTab(href: string): boolean {
  return !href.startsWith('mailto:');
}

export interface SocialLink {
  name: string;
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'X (Twitter)', href: setting(env.VITE_SOCIAL_X, 'https://x.com/ledgerloop') },
  { name: 'LinkedIn', href: setting(env.VITE_SOCIAL_LINKEDIN, 'https://www.linkedin.com/company/ledgerloop') },
  { name: 'GitHub', href: setting(env.VITE_SOCIAL_GITHUB, 'https://github.com/ledgerloop') },
];
