/**
 * Keeps secrets out of logs and error text: query parameters and headers that carry keys are
 * replaced by `***`, and any secret value echoed back in a response body is masked too.
 */

export const REDACTED = '***';

const SECRET_NAME =
  /^(api[-_]?key|apikey|key|token|access[-_]?token|auth|authorization|secret|secret[-_]?key|signature|password|x[-_]cg[-_](pro|demo)[-_]api[-_]key|x[-_]mbx[-_]apikey|x[-_]api[-_]key|cookie|(unblock[-_])?session[-_]?id)$/i;

/** Does a query parameter or header with this name carry a secret? */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The URL as text with the values of secret query parameters replaced. */
export function redactUrl(url: URL | string): string {
  const copy = new URL(url.toString());
  for (const name of [...copy.searchParams.keys()]) {
    if (isSecretName(name)) copy.searchParams.set(name, REDACTED);
  }
  // URLSearchParams encodes `*`; keep the marker readable.
  return copy.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/** Values worth masking wherever they appear: secret query parameters and secret headers. */
export function collectSecrets(url: URL, headers: Record<string, string> | undefined): string[] {
  const secrets: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (isSecretName(name) && value.length > 0) secrets.push(value);
  }
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (isSecretName(name) && value.length > 0) {
      secrets.push(value);
      // `Bearer abc` also leaks as `abc`.
      const token = value.split(' ').at(-1);
      if (token && token !== value) secrets.push(token);
    }
  }
  return secrets;
}

/** Masks every occurrence of each secret (and its URL-encoded form) in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 3) continue;
    out = out.replaceAll(secret, REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.replaceAll(encoded, REDACTED);
  }
  return out;
}
