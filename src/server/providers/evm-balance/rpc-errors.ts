/**
 * Telling a JSON-RPC node's refusal (an error object in its answer: method not found, range too wide, state
 * not available) from a failure to reach it (a ProviderError from the HTTP client, which viem wraps as the
 * cause of its own error). A refusal is an answer about what the node can do; a failure says nothing about it.
 */
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import { isProviderError, type ProviderError } from '../http/http-client';

function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    found.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** The HTTP client's failure behind an error, or null. */
export function transportFailure(error: unknown): ProviderError | null {
  for (const link of chain(error)) if (isProviderError(link)) return link;
  return null;
}

/** True when the node answered with a JSON-RPC error (and the request itself went through). */
export function isNodeRefusal(error: unknown): boolean {
  const links = chain(error);
  if (links.some((link) => isProviderError(link) || link instanceof HttpRequestError || link instanceof TimeoutError)) return false;
  return links.some(
    (link) =>
      link instanceof RpcRequestError ||
      (link instanceof BaseError && typeof (link as BaseError & { code?: unknown }).code === 'number' && (link as BaseError & { code: number }).code !== -1),
  );
}

/**
 * True when the node turned this request down for good: a JSON-RPC error, or an HTTP 4xx answer (some
 * gateways refuse methods they do not serve that way). Outages and rate limits are not refusals.
 */
export function isRefusedByNode(error: unknown): boolean {
  if (isNodeRefusal(error)) return true;
  const failure = transportFailure(error);
  return failure !== null && (failure.kind === 'client_error' || failure.kind === 'not_found');
}
