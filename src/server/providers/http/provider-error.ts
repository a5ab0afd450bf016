/**
 * The one error every provider raises. `message` is safe to show to a user; `detail` is the technical
 * reason for logs, with secrets (API keys and the like) already redacted.
 */

export const PROVIDER_ERROR_KINDS = [
  'rate_limited',
  'unavailable',
  'bad_response',
  'not_found',
  'client_error',
] as const;
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

export interface ProviderErrorInit {
  kind: ProviderErrorKind;
  /** Host of the provider, e.g. `api.etherscan.io`. */
  host: string;
  /** Display name, e.g. `Etherscan`; defaults to the host. */
  provider?: string;
  /** HTTP status when the provider answered. */
  status?: number;
  /** Technical reason, already redacted. */
  detail?: string;
  /** How long the provider asked us to wait before trying again. */
  retryAfterMs?: number;
  /** Overrides the default user-facing message for the kind. */
  userMessage?: string;
  /**
   * The provider does not serve the asked network at all (an explorer answering "chain not supported", or an
   * API plan that leaves the chain out): another source may, now rather than after a retry.
   */
  networkNotServed?: boolean;
  cause?: unknown;
}

export function defaultProviderMessage(kind: ProviderErrorKind, provider: string): string {
  switch (kind) {
    case 'rate_limited':
      return `${provider} is limiting requests; retrying later.`;
    case 'unavailable':
      return `${provider} is not answering; retrying later.`;
    case 'bad_response':
      return `${provider} sent an answer that could not be read.`;
    case 'not_found':
      return `${provider} has no record of this.`;
    case 'client_error':
      return `${provider} refused the request.`;
  }
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly host: string;
  readonly provider: string;
  readonly status: number | null;
  readonly detail: string;
  readonly retryAfterMs: number | null;
  readonly networkNotServed: boolean;

  constructor(init: ProviderErrorInit) {
    const provider = init.provider ?? init.host;
    super(init.userMessage ?? defaultProviderMessage(init.kind, provider), { cause: init.cause });
    this.kind = init.kind;
    this.host = init.host;
    this.provider = provider;
    this.status = init.status ?? null;
    this.detail = init.detail ?? '';
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.networkNotServed = init.networkNotServed ?? false;
  }

  /** True when the same request may succeed later (rate limits and outages). */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
