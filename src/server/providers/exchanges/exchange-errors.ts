import { ProviderError } from '../http/provider-error';

export type ExchangeKeyProblem = 'invalid_key' | 'can_withdraw' | 'cannot_read';

export const EXCHANGE_KEY_MESSAGES: Record<ExchangeKeyProblem, (exchange: string) => string> = {
  invalid_key: (exchange) => `${exchange} did not accept this API key. Check the API key and secret and try again.`,
  can_withdraw: () => 'This API key can withdraw funds. Create a read-only key and try again.',
  cannot_read: (exchange) => `This API key cannot read your ${exchange} account. Enable reading for the key and try again.`,
};

/** A problem with the key itself: shown to the user as is, never retried. */
export class ExchangeKeyError extends Error {
  override readonly name = 'ExchangeKeyError';
  readonly problem: ExchangeKeyProblem;
  readonly exchange: string;

  constructor(problem: ExchangeKeyProblem, exchange: string, options?: { cause?: unknown }) {
    super(EXCHANGE_KEY_MESSAGES[problem](exchange), options);
    this.problem = problem;
    this.exchange = exchange;
  }
}

export function isExchangeKeyError(error: unknown): error is ExchangeKeyError {
  return error instanceof ExchangeKeyError;
}

/** The error classes of the ccxt module (loaded lazily, so passed in rather than imported). */
export type CcxtErrorClasses = Record<
  | 'BaseError'
  | 'AuthenticationError'
  | 'PermissionDenied'
  | 'AccountSuspended'
  | 'RateLimitExceeded'
  | 'DDoSProtection'
  | 'NetworkError'
  | 'BadResponse'
  | 'NullResponse'
  | 'BadSymbol',
  abstract new (...args: never[]) => Error
>;

/** Binance answers refused keys with these codes; ccxt files some of them as OperationRejected or BadRequest. */
const REFUSED_KEY_CODES = /"code"\s*:\s*-(2008|2014|2015|1022)\b/;

export interface ErrorContext {
  exchange: string;
  host: string;
  /** Strings that must never appear in an error's text (the key and secret). */
  secrets: readonly string[];
}

function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret.length >= 4) result = result.split(secret).join('[redacted]');
  return result;
}

/**
 * Maps whatever ccxt threw to an ExchangeKeyError (the key is refused) or a ProviderError (rate limits, outages,
 * unreadable answers), with the key and secret removed from every text.
 */
export function toExchangeError(error: unknown, context: ErrorContext, ccxt: CcxtErrorClasses): Error {
  if (error instanceof ExchangeKeyError || error instanceof ProviderError) return error;
  const is = (name: keyof CcxtErrorClasses) => error instanceof ccxt[name];
  const detail = redact(error instanceof Error ? error.message : String(error), context.secrets).slice(0, 500);
  const base = { host: context.host, provider: context.exchange, detail };

  if (is('AuthenticationError') || is('PermissionDenied') || is('AccountSuspended') || (is('BaseError') && REFUSED_KEY_CODES.test(detail))) {
    return new ExchangeKeyError('invalid_key', context.exchange);
  }
  // DDoSProtection (418/429) and RateLimitExceeded are NetworkErrors too: checked first.
  if (is('RateLimitExceeded') || is('DDoSProtection')) return new ProviderError({ kind: 'rate_limited', ...base });
  // ExchangeNotAvailable, RequestTimeout and OnMaintenance are NetworkErrors.
  if (is('NetworkError')) return new ProviderError({ kind: 'unavailable', ...base });
  if (is('BadResponse') || is('NullResponse')) return new ProviderError({ kind: 'bad_response', ...base });
  if (is('BadSymbol')) return new ProviderError({ kind: 'not_found', ...base });
  if (is('BaseError')) return new ProviderError({ kind: 'client_error', ...base });
  // Not from ccxt: a fault of this code; keep it, with secrets removed from its message.
  return error instanceof Error ? Object.assign(new Error(redact(error.message, context.secrets)), { name: error.name }) : new Error(detail);
}
