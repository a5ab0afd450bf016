/**
 * Vitest setup file: tests never reach the network. Global fetch, node:http / node:https request
 * and get, and node:net / node:tls connections to any host other than loopback throw
 * "Non-loopback request blocked in tests: <host>". Because code under test may swallow the error
 * (retrying, or reporting a provider outage), each blocked attempt is also recorded and fails the
 * test that made it.
 */
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import { afterEach } from 'vitest';

const INSTALLED = Symbol.for('ledgerloop.no-network.installed');
const BLOCKED = Symbol.for('ledgerloop.no-network.blocked');

type GlobalWithState = typeof globalThis & { [INSTALLED]?: boolean; [BLOCKED]?: string[] };
const state = globalThis as GlobalWithState;
state[BLOCKED] ??= [];

export function isLoopbackHost(host: string | null | undefined): boolean {
  if (host === undefined || host === null || host === '') return true; // Node's default is localhost.
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  if (/^127(\.\d{1,3}){3}$/.test(name)) return true;
  return /^::ffff:127(\.\d{1,3}){3}$/.test(name);
}

export class NonLoopbackRequestError extends Error {
  override readonly name = 'NonLoopbackRequestError';
  constructor(readonly host: string) {
    super(`Non-loopback request blocked in tests: ${host}`);
  }
}

/** Returns and forgets the hosts blocked so far (for tests that expect a block). */
export function takeBlockedRequests(): string[] {
  const blocked = state[BLOCKED] ?? [];
  state[BLOCKED] = [];
  return blocked;
}

function guard(host: string | null | undefined): void {
  if (isLoopbackHost(host)) return;
  const name = String(host);
  (state[BLOCKED] ??= []).push(name);
  throw new NonLoopbackRequestError(name);
}

function guardUrl(url: string | URL): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return; // Not an absolute URL: the real function reports it.
  }
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'file:') return;
  guard(parsed.hostname);
}

interface HostOptions {
  host?: string | null;
  hostname?: string | null;
  socketPath?: string;
  path?: string;
}

function guardOptions(options: HostOptions): void {
  if (options.socketPath) return;
  guard(options.hostname ?? options.host ?? 'localhost');
}

/** (url | options, [options], [callback]) as http.request and https.request take them. */
function guardRequestArgs(args: unknown[]): void {
  const [first, second] = args;
  if (typeof first === 'string' || first instanceof URL) {
    const override = second && typeof second === 'object' ? (second as HostOptions) : undefined;
    if (override?.hostname || override?.host) guardOptions(override);
    else guardUrl(first);
  } else if (first && typeof first === 'object') {
    guardOptions(first as HostOptions);
  }
}

/** (port, [host]) | (options) | (path) as net.connect and tls.connect take them. */
function guardConnectArgs(args: unknown[]): void {
  const [first, second] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    guard(typeof second === 'string' ? second : 'localhost');
  } else if (first && typeof first === 'object') {
    const options = first as HostOptions;
    if (options.path && !options.host) return; // IPC / Unix socket
    guardOptions(options);
  }
  // A lone string is a Unix socket path.
}

function wrap<T extends (...args: never[]) => unknown>(original: T, check: (args: unknown[]) => void): T {
  return function (this: unknown, ...args: unknown[]) {
    check(args);
    return original.apply(this, args as Parameters<T>);
  } as unknown as T;
}

function install(): void {
  if (state[INSTALLED]) return;
  state[INSTALLED] = true;

  const realFetch = globalThis.fetch;
  globalThis.fetch = function (input: string | URL | Request, init?: RequestInit) {
    try {
      guardUrl(typeof input === 'string' || input instanceof URL ? input : input.url);
    } catch (error) {
      return Promise.reject(error);
    }
    return realFetch(input, init);
  } as typeof fetch;

  http.request = wrap(http.request, guardRequestArgs);
  http.get = wrap(http.get, guardRequestArgs);
  https.request = wrap(https.request, guardRequestArgs);
  https.get = wrap(https.get, guardRequestArgs);
  net.connect = wrap(net.connect, guardConnectArgs);
  net.createConnection = wrap(net.createConnection, guardConnectArgs);
  tls.connect = wrap(tls.connect, guardConnectArgs);
  // Named ESM imports of these builtins (import { request } from 'node:http') see the wrappers too.
  syncBuiltinESMExports();
}

install();

afterEach(() => {
  const blocked = takeBlockedRequests();
  if (blocked.length > 0) {
    throw new Error(`The test tried to reach the network: ${[...new Set(blocked)].join(', ')}`);
  }
});
