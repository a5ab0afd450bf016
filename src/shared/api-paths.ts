/** API paths under /api (docs/README.md). */
export const API = {
  csrf: '/api/csrf',
  contacts: '/api/contacts',
  contact: (id: string) => `/api/contacts/${encodeURIComponent(id)}`,
} as const;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
