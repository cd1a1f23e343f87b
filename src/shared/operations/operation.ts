/**
 * An operation of the API as every side knows it: its method and path (together its key). Its input and answer types
 * ride along (`Op<In, Out>`), with no schema and no name: the browser's calls are built from these addresses without
 * TypeBox, in as few bytes as the paths themselves. The server attaches the schemas, the access rule and the handler to the same address
 * (server/operations/define.ts), which the API route, the API document and a page's in-process call all come from.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an operation takes: path parameters, the query and the JSON body, each when it has one. */
export interface OpInput {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
}

export interface Op<In extends OpInput = OpInput, Out = unknown> {
  readonly method: Method;
  /** `:name` for each path parameter (Fastify's notation), e.g. `/event/:id/view`. */
  readonly path: string;
  /** Types only: never set. */
  readonly types?: { in: In; out: Out };
}

export type InputOf<O> = O extends Op<infer In, unknown> ? In : never;
export type OutputOf<O> = O extends Op<OpInput, infer Out> ? Out : never;

export const op = <In extends OpInput, Out>(method: Method, path: string): Op<In, Out> => ({ method, path });

/** An operation's key: the server's table of operations finds a page's call by it. */
export const keyOf = (op: Op): string => `${op.method} ${op.path}`;

/** The operation's path with its parameters filled in (each encoded). */
export function pathOf(op: Op, params: Record<string, string> = {}): string {
  return op.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.path}: no '${name}'`);
    return encodeURIComponent(value);
  });
}
