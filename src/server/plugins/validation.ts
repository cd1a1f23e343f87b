import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Ajv, type Options } from 'ajv';
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
  registerValidators(app: FastifyInstance) {
    const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
    const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
    // Fastify reads an Ajv validator's `errors` after a call, and passes the root's parent when it has `schemaEnv`.
    app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) =>
      this.deferred(() => (httpPart === 'body' ? strict : coercing).compile(schema), ['errors', 'schemaEnv']),
    );
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
