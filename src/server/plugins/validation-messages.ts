import type { ErrorObject } from 'ajv';

/**
 * The schema validator's errors in plain words, one sentence per failing field, saying what to do:
 * `body/password must NOT have fewer than 8 characters` becomes `Password: use at least 8 characters.`
 * A field is named by its schema's `title` when it has one, else by its own name in words (`currentPassword` →
 * "Current password"). A parameter outside the body (query, address, header) is read by a program, not typed into a
 * form: it keeps its own name and says where it is ("sortBy (query)"). The keys are the fields' paths as sent
 * (`password`, `products.1.quantity`), so a form can put each sentence beside its field.
 */
export function plainValidationErrors(errors: readonly ErrorObject[], context = 'body'): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: string[], label: string, instruction: string) => {
    const key = path.join('.') || context;
    fields[key] ??= context === 'body' ? `${label}: ${instruction}.` : `${key} (${PLACES[context] ?? context}): ${instruction}.`;
  };
  // A union (anyOf) fails once for every branch and once for itself: the branches say together what would do.
  const unions = errors.filter((e) => e.keyword === 'anyOf');
  const branchOf = (e: ErrorObject) => unions.find((u) => u !== e && u.instancePath === e.instancePath && e.schemaPath.startsWith(`${u.schemaPath}/`));
  for (const e of errors) {
    if (branchOf(e)) continue;
    const path = segments(e.instancePath);
    if (e.keyword === 'required' || e.keyword === 'additionalProperties') {
      const name = String(e.keyword === 'required' ? e.params.missingProperty : e.params.additionalProperty);
      const title = e.parentSchema?.properties?.[name]?.title as string | undefined;
      if (e.keyword === 'required') add([...path, name], labelOf([...path, name], title), 'fill this in');
      else add([...path, name], `Unknown field '${[...path, name].join('.')}'`, 'leave it out');
      continue;
    }
    const label = labelOf(path, e.parentSchema?.title as string | undefined);
    if (e.keyword === 'anyOf') {
      const branches = errors.filter((b) => branchOf(b) === e);
      const allowed = branches.filter((b) => b.keyword === 'const').map((b) => String(b.params.allowedValue));
      const ways = allowed.length ? [choose(allowed)] : [...new Set(branches.map(instructionOf))];
      add(path, label, ways.join(', or '));
    } else add(path, label, instructionOf(e));
  }
  return fields;
}

const PLACES: Record<string, string> = { querystring: 'query', params: 'address', headers: 'header' };

/** Words for field names whose plain spelling is not their camelCase split. */
const WORDS: Record<string, string> = { email: 'e-mail', _id: 'id', id: 'id', q: 'search text' };

const segments = (instancePath: string) =>
  instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));

/** `['products', '1', 'quantity']` → "Products, item 2, quantity"; a schema title replaces the field's own name. */
function labelOf(path: string[], title?: string): string {
  if (!path.length) return title ?? 'The request';
  const words = path.map((s, i) =>
    i === path.length - 1 && title ? title : /^\d+$/.test(s) ? `item ${Number(s) + 1}` : (WORDS[s] ?? s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()),
  );
  const text = words.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TYPES: Record<string, string> = {
  string: 'send text',
  number: 'send a number',
  integer: 'send a whole number',
  boolean: 'send true or false',
  array: 'send a list',
  object: 'send an object',
  null: 'send null',
};

const FORMATS: Record<string, string> = {
  email: 'enter an address like name@example.com',
  date: 'enter a date like 2026-05-31',
  'date-time': 'enter a date and time like 2026-05-31T18:00:00Z',
  uuid: 'use the id of an existing item',
  uri: 'enter a web address like https://example.com',
};

/** `['newest', 'oldest', 'popular']` → "choose newest, oldest or popular". */
const choose = (values: string[]) => `choose ${values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0]}`;

/** What to do about one failed keyword. */
function instructionOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'minLength':
      return p.limit === 1 || e.data === '' ? 'fill this in' : `use at least ${p.limit} characters`;
    case 'maxLength':
      return `use at most ${p.limit} characters`;
    case 'minimum':
      return `use ${p.limit} or more`;
    case 'exclusiveMinimum':
      return `use more than ${p.limit}`;
    case 'maximum':
      return `use ${p.limit} or less`;
    case 'exclusiveMaximum':
      return `use less than ${p.limit}`;
    case 'minItems':
      return `give at least ${p.limit}`;
    case 'maxItems':
      return `give at most ${p.limit}`;
    case 'minProperties':
      return p.limit === 1 ? 'send at least one field' : `send at least ${p.limit} fields`;
    case 'type':
      return String(p.type)
        .split(',')
        .map((t) => TYPES[t] ?? `send ${t}`)
        .join(' or ');
    case 'format':
      return FORMATS[String(p.format)] ?? `use the ${p.format} format`;
    case 'const':
      return `use ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return choose((p.allowedValues as unknown[]).map(String));
    case 'pattern':
      return 'use only the characters this field allows';
    default:
      return e.message ?? 'check this value';
  }
}
