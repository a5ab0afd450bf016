/**
 * One API route, declared once (docs/README.md, "The API contract"): its method, path pattern, who may call it, and the
 * valibot schemas of its query, body and answer. The server registers and validates each route from its
 * declaration; the PWA's fetchers take their URL, input and answer types from the same object.
 */
import type * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone (`public`), a signed-in user including guests (`user`), a user with full access
 * (`full`), or only a caller proving a shared secret by signature (`signed`: partner and Stripe webhooks).
 */
export type Access = 'public' | 'user' | 'full' | 'signed';

type Schema = v.GenericSchema;

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
> {
  readonly method: M;
  /** The path pattern with `:name` parameters, as the server registers it (`/api/contacts/:id`). */
  readonly path: P;
  readonly access: Access;
  /** The query string, as the server reads it (repeated keys become arrays). */
  readonly query?: Q;
  /** The JSON body; an empty body reads as {}. */
  readonly body?: B;
  /**
   * The JSON answer on success; undefined for a route that answers with no body (204), a file or a redirect.
   * Servers in tests check every JSON answer against it.
   */
  readonly response?: R;
}

/** Declares a route, keeping its literal method and path in the type. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's `:name` parameters. */
export type PathParams<P extends string> = Record<ParamNames<P>, string | number>;
/** The `:name` parameters of a path as the server reads them. */
export type ParsedPathParams<P extends string> = Record<ParamNames<P>, string>;
export type HasPathParams<P extends string> = [ParamNames<P>] extends [never] ? false : true;

/** A query value as the PWA passes it: arrays become repeated keys, undefined and null are left out. */
export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** The schema a declaration gives under `key`, or undefined when it gives none. */
type SchemaAt<E, K extends 'query' | 'body' | 'response'> = K extends keyof E
  ? E[K] extends Schema
    ? E[K]
    : undefined
  : undefined;

export type QuerySchemaOf<E extends Endpoint> = SchemaAt<E, 'query'>;
export type BodySchemaOf<E extends Endpoint> = SchemaAt<E, 'body'>;

/** What the PWA may pass as a route's query: the schema's keys, each a query value. */
export type QueryOf<E extends Endpoint> =
  SchemaAt<E, 'query'> extends Schema ? { [K in keyof v.InferInput<SchemaAt<E, 'query'>>]?: QueryValue } : undefined;
/** What the PWA sends as a route's body. */
export type BodyOf<E extends Endpoint> = SchemaAt<E, 'body'> extends Schema ? v.InferInput<SchemaAt<E, 'body'>> : undefined;
/** What the server reads from a route's body once validated. */
export type ParsedBodyOf<E extends Endpoint> =
  SchemaAt<E, 'body'> extends Schema ? v.InferOutput<SchemaAt<E, 'body'>> : undefined;
/** What the server reads from a route's query once validated. */
export type ParsedQueryOf<E extends Endpoint> =
  SchemaAt<E, 'query'> extends Schema ? v.InferOutput<SchemaAt<E, 'query'>> : undefined;
/** A route's JSON answer. */
export type ResponseOf<E extends Endpoint> =
  SchemaAt<E, 'response'> extends Schema ? v.InferOutput<SchemaAt<E, 'response'>> : undefined;

/** A route's path with its parameters filled in, each URL-encoded; a missing parameter is a programming error. */
export function pathOf(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for the path parameter :${name} of ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** `METHOD /path` of a route, as the server lists its routes. */
export const routeKey = (route: Pick<Endpoint, 'method' | 'path'>): string => `${route.method} ${route.path}`;
