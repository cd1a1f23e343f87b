import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
// verbose: each error carries its schema, whose `title` names the field in the plain message (validation-messages.ts).
const base: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false, verbose: true };

/**
 * Query strings and params arrive as text, so their validator coerces ("12" → 12, a lone key → array); a JSON body
 * must already have the right types, so its validator never coerces.
 */
export function registerValidation(app: FastifyInstance) {
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
