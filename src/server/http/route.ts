/**
 * Registers a route from its contract declaration (src/shared/contract): the access guard, the query and body
 * validation, and — where the configuration asks for it (tests) — a check of every JSON answer against the
 * declared response schema, so the contract and the server cannot drift apart.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type {
  Endpoint,
  ParsedBodyOf,
  ParsedPathParams,
  ParsedQueryOf,
  ResponseOf,
} from '../../shared/contract/endpoint';
import { requireFullAccess, requireUser } from './guards';
import type { Services } from '../services';
import type { AppEnv } from './app-env';
import { jsonBody, queryParams } from './validation';

export interface RouteInput<E extends Endpoint> {
  params: ParsedPathParams<E['path']>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
}

/** A route's handler: the declared answer (sent as JSON with status 200), or a Response of its own. */
export type RouteHandler<E extends Endpoint> = (
  c: Context<AppEnv>,
  input: RouteInput<E>,
) => ResponseOf<E> | Response | Promise<ResponseOf<E> | Response>;

const GUARDS: Record<Endpoint['access'], MiddlewareHandler<AppEnv>[]> = {
  public: [],
  signed: [],
  user: [requireUser],
  full: [requireFullAccess],
};

/** Thrown (a 500) when an answer does not match its declaration; only where `config.checkResponses` is on. */
export class ContractMismatch extends Error {
  override readonly name = 'ContractMismatch';
}

async function checkAnswer(declaration: Endpoint, response: Response): Promise<void> {
  const schema = declaration.response;
  if (schema === undefined || !response.ok || response.status === 204) return;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return;
  const result = v.safeParse(schema, await response.clone().json());
  if (result.success) return;
  const where = result.issues
    .slice(0, 5)
    .map((issue) => `${issue.path?.map((item) => String(item.key)).join('.') || '(root)'}: ${issue.message}`);
  throw new ContractMismatch(`${declaration.method} ${declaration.path} answered outside its contract: ${where.join('; ')}`);
}

/**
 * `route(app, s, declaration, ...middleware, handler)`: the declaration's guard runs first, then the given
 * middleware (rate limits and the like), then query and body validation, then the handler.
 */
export function route<E extends Endpoint>(
  app: Hono<AppEnv>,
  s: Services,
  declaration: E,
  ...rest: [...middleware: MiddlewareHandler<AppEnv>[], handler: RouteHandler<E>]
): void {
  const handler = rest.at(-1) as RouteHandler<E>;
  const middleware = rest.slice(0, -1) as MiddlewareHandler<AppEnv>[];
  const validators: MiddlewareHandler<AppEnv>[] = [];
  if (declaration.query !== undefined) validators.push(queryParams(declaration.query) as MiddlewareHandler<AppEnv>);
  if (declaration.body !== undefined) validators.push(jsonBody(declaration.body) as MiddlewareHandler<AppEnv>);

  const answer: MiddlewareHandler<AppEnv> = async (c) => {
    const req = c.req as unknown as { valid(target: 'query' | 'json'): unknown };
    const input = {
      params: c.req.param(),
      query: declaration.query === undefined ? undefined : req.valid('query'),
      body: declaration.body === undefined ? undefined : req.valid('json'),
    } as RouteInput<E>;
    const result = await handler(c, input);
    const response = result instanceof Response ? result : c.json(result as object);
    if (s.config.checkResponses) await checkAnswer(declaration, response);
    return response;
  };
  const handlers = [...GUARDS[declaration.access], ...middleware, ...validators, answer];
  app.on(declaration.method, declaration.path, ...(handlers as [MiddlewareHandler<AppEnv>]));
}
