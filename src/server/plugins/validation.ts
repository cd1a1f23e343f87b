import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifyServerOptions } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
// verbose: each error carries its schema, whose `title` names the field in the plain message (validation-messages.ts).
const base: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false, verbose: true };

/**
 * The API's schemas are compiled when a route first uses them, not at the start: compiling the validators and
 * response serializers of every route is ~0.5 s of CPU, most of a restart's budget, for routes a process may never
 * serve. `compileAll` compiles what is left (a test does, so that a broken schema still fails before it ships).
 */
export class SchemaCompilers {
  private readonly pending = new Set<() => unknown>();

  /** Fastify's `schemaController` option: its own response serializers (fast-json-stringify), each made at first use. */
  readonly controller: NonNullable<FastifyServerOptions['schemaController']> = {
    compilersFactory: {
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compile = SerializerSelector()(externalSchemas, options as never);
        return (route: Parameters<typeof compile>[0]) => this.deferred(() => compile(route), []);
      },
    },
  };

  /**
   * Query strings and params arrive as text, so their validator coerces ("12" → 12, a lone key → array); a JSON body
   * must already have the right types, so its validator never coerces.
   */
  private readonly coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  private readonly strict = addFormats(new Ajv({ ...base, coerceTypes: false }));

  registerValidators(app: FastifyInstance) {
    // Fastify reads an Ajv validator's `errors` after a call, and passes the root's parent when it has `schemaEnv`.
    app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => this.deferred(() => this.ajvFor(httpPart).compile(schema), ['errors', 'schemaEnv']));
  }

  /**
   * Checks one part of an in-process call (a page's, server/operations/in-process.ts) as the route checks it: the same
   * Ajv settings (coercion and defaults change `value` in place). The validation errors, or null when it passes.
   */
  check(schema: object, part: 'params' | 'querystring' | 'body' | 'headers', value: unknown): ErrorObject[] | null {
    const compiled = part === 'body' ? this.bodyChecks : this.textChecks;
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = this.ajvFor(part).compile(schema)));
    return validate(value) ? null : (validate.errors ?? []);
  }
  private readonly bodyChecks = new WeakMap<object, ValidateFunction>();
  private readonly textChecks = new WeakMap<object, ValidateFunction>();

  private ajvFor(part: string | undefined): Ajv {
    return part === 'body' ? this.strict : this.coercing;
  }

  /** How many validators and serializers are not compiled yet. */
  get waiting(): number {
    return this.pending.size;
  }

  compileAll(): void {
    for (const compile of this.pending) compile();
  }

  /** A function that compiles `compile`'s result at its first call (or first read of one of `forwarded`), then calls it. */
  private deferred<F extends (...args: never[]) => unknown>(compile: () => F, forwarded: string[]): F {
    let compiled: F | undefined;
    const get = (): F => {
      if (!compiled) {
        compiled = compile();
        this.pending.delete(get);
      }
      return compiled;
    };
    this.pending.add(get);
    const fn = function (this: unknown, ...args: never[]) {
      return get().apply(this, args);
    };
    for (const key of forwarded) Object.defineProperty(fn, key, { get: () => (get() as unknown as Record<string, unknown>)[key] });
    return fn as unknown as F;
  }
}
