/**
 * A small schema.org checker for the JSON-LD the site prints: every property must belong to its type (or a parent
 * type, as schema.org defines them), every value must have one of the property's expected kinds, and each type has
 * the properties search engines require of it (Google's rich-result rules where they are stricter than schema.org).
 * Only the types the site uses are described; any other type is reported, so a new one must be described here first.
 */

/** What a property's value may be: one of these kinds of literal, or (any other name) a node of that schema.org type. */
const LITERALS = ['Text', 'URL', 'Date', 'Integer', 'Number', 'Boolean', 'Duration', 'Currency', 'Price', 'Availability'] as const;
type Kind = string;
interface TypeSpec {
  parent: string | null;
  properties: Record<string, Kind[]>;
  required?: string[];
}

const THING_OR_URL: Kind[] = ['URL', 'Thing'];
const PARTY: Kind[] = ['Organization', 'Person'];

/** The slice of the schema.org hierarchy the site uses (names, parents and properties as on schema.org). */
const TYPES: Record<string, TypeSpec> = {
  Thing: {
    parent: null,
    properties: { name: ['Text'], description: ['Text'], url: ['URL'], image: ['URL', 'ImageObject'], sameAs: ['URL'], identifier: ['Text', 'URL'] },
  },
  CreativeWork: {
    parent: 'Thing',
    properties: {
      headline: ['Text'],
      author: PARTY,
      publisher: PARTY,
      datePublished: ['Date'],
      dateModified: ['Date'],
      dateCreated: ['Date'],
      inLanguage: ['Text'],
      isAccessibleForFree: ['Boolean'],
      mainEntityOfPage: ['URL', 'CreativeWork'],
      thumbnailUrl: ['URL'],
      interactionStatistic: ['InteractionCounter'],
      isPartOf: ['URL', 'CreativeWork'],
      mainEntity: ['Thing'],
      offers: ['Offer'],
      keywords: ['Text'],
    },
  },
  MediaObject: {
    parent: 'CreativeWork',
    properties: { contentUrl: ['URL'], embedUrl: ['URL'], uploadDate: ['Date'], duration: ['Duration'], width: ['Integer'], height: ['Integer'] },
  },
  VideoObject: { parent: 'MediaObject', properties: {}, required: ['name', 'description', 'thumbnailUrl', 'uploadDate'] },
  ImageObject: { parent: 'MediaObject', properties: { caption: ['Text'] }, required: ['url'] },
  WebPage: { parent: 'CreativeWork', properties: { breadcrumb: ['Text'], primaryImageOfPage: ['ImageObject'] }, required: ['name', 'url'] },
  CollectionPage: { parent: 'WebPage', properties: {}, required: ['name', 'url', 'mainEntity'] },
  MediaGallery: { parent: 'CollectionPage', properties: {} },
  ImageGallery: { parent: 'MediaGallery', properties: {}, required: ['name', 'description', 'url', 'image'] },
  Article: {
    parent: 'CreativeWork',
    properties: { articleBody: ['Text'], wordCount: ['Integer'] },
    // Google recommends an image too; a post without a picture has none, and none is made up.
    required: ['headline', 'datePublished', 'dateModified', 'author', 'publisher'],
  },
  SocialMediaPosting: { parent: 'Article', properties: {} },
  BlogPosting: { parent: 'SocialMediaPosting', properties: {} },
  WebSite: { parent: 'CreativeWork', properties: {}, required: ['name', 'url'] },
  Organization: { parent: 'Thing', properties: { logo: ['URL', 'ImageObject'], email: ['Text'] }, required: ['name', 'url'] },
  Person: { parent: 'Thing', properties: {}, required: ['name'] },
  Product: {
    parent: 'Thing',
    properties: { offers: ['Offer'], sku: ['Text'], brand: ['Organization'], category: ['Text'] },
    required: ['name', 'image', 'description'],
  },
  Intangible: { parent: 'Thing', properties: {} },
  Offer: {
    parent: 'Intangible',
    properties: { price: ['Price'], priceCurrency: ['Currency'], availability: ['Availability'], seller: PARTY, itemOffered: ['Thing'] },
    required: ['price', 'priceCurrency'],
  },
  ItemList: { parent: 'Intangible', properties: { itemListElement: ['ListItem', 'Text', 'Thing'], numberOfItems: ['Integer'] } },
  ListItem: { parent: 'Intangible', properties: { position: ['Integer'], item: THING_OR_URL }, required: ['position'] },
  StructuredValue: { parent: 'Intangible', properties: {} },
  InteractionCounter: {
    parent: 'StructuredValue',
    properties: { interactionType: ['Action'], userInteractionCount: ['Integer'] },
    required: ['interactionType', 'userInteractionCount'],
  },
  Action: { parent: 'Thing', properties: {} },
  ConsumeAction: { parent: 'Action', properties: {} },
  WatchAction: { parent: 'ConsumeAction', properties: {} },
};

const isType = (name: string): boolean => Object.hasOwn(TYPES, name);
const spec = (t: string): TypeSpec => TYPES[t]!;
// The table must name only types it describes: a typo here would silently accept anything.
for (const [name, t] of Object.entries(TYPES)) {
  if (t.parent && !isType(t.parent)) throw new Error(`schema-org.ts: ${name} has an undescribed parent ${t.parent}`);
  for (const [property, kinds] of Object.entries(t.properties))
    for (const k of kinds) if (!isType(k) && !(LITERALS as readonly string[]).includes(k)) throw new Error(`schema-org.ts: ${name}.${property} names ${k}`);
}

/** Whether `type` is `ancestor` or one of its subtypes. */
function isA(type: string, ancestor: string): boolean {
  for (let t: string | null = type; t; t = spec(t).parent) if (t === ancestor) return true;
  return false;
}

function propertyKinds(type: string, property: string): Kind[] | null {
  for (let t: string | null = type; t; t = spec(t).parent) if (spec(t).properties[property]) return spec(t).properties[property]!;
  return null;
}

function requiredOf(type: string): string[] {
  for (let t: string | null = type; t; t = spec(t).parent) if (spec(t).required) return spec(t).required!;
  return [];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const AVAILABILITY = ['InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'Discontinued', 'LimitedAvailability', 'OnlineOnly', 'SoldOut'];
/** ISO 4217 codes that name no money: XTS is reserved for testing, XXX means "no currency". */
const NOT_MONEY = new Set(['XTS', 'XXX']);
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export interface CheckOptions {
  /** Every URL (but schema.org's own enumeration values) must start with this origin. */
  origin: string;
}

/**
 * The problems of one JSON-LD document (the parsed content of a `<script type="application/ld+json">`), each with
 * its path; an empty list means valid. `@graph` documents and `{"@id"}` references inside them are understood.
 */
export function checkJsonLd(doc: unknown, opts: CheckOptions): string[] {
  const problems: string[] = [];
  if (!isObject(doc)) return ['the document is not a JSON object'];
  if (doc['@context'] !== 'https://schema.org') problems.push(`@context: expected "https://schema.org", got ${JSON.stringify(doc['@context'])}`);
  const nodes = Array.isArray(doc['@graph']) ? doc['@graph'] : [doc];
  const ids = new Set(
    nodes
      .filter(isObject)
      .map((n) => n['@id'])
      .filter((id): id is string => typeof id === 'string'),
  );
  for (const [i, node] of nodes.entries()) {
    const path = Array.isArray(doc['@graph']) ? `@graph[${i}]` : '$';
    if (!isObject(node) || typeof node['@type'] !== 'string') problems.push(`${path}: a top-level node needs an @type`);
    else checkNode(node, null, path, { ...opts, ids }, problems);
  }
  return problems;
}

/** The @type of every node in a document, nested ones included (to ask "does this page describe a Product?"). */
export function typesIn(doc: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      if (typeof v['@type'] === 'string') found.push(v['@type']);
      Object.values(v).forEach(walk);
    }
  };
  walk(doc);
  return found;
}

type Context = CheckOptions & { ids: Set<string> };

function checkNode(node: Record<string, unknown>, expected: Kind[] | null, path: string, ctx: Context, problems: string[]): void {
  if (Object.keys(node).length === 1 && typeof node['@id'] === 'string') {
    if (!ctx.ids.has(node['@id'])) problems.push(`${path}: reference ${node['@id']} names no node of this document`);
    return;
  }
  const type = node['@type'];
  if (typeof type !== 'string' || !isType(type)) {
    problems.push(`${path}: unknown or missing @type ${JSON.stringify(type)}`);
    return;
  }
  const allowed = expected?.filter(isType) ?? [];
  if (expected && !allowed.some((a) => isA(type, a))) problems.push(`${path}: a ${type} is not expected here (expected ${expected.join(' or ')})`);
  for (const property of requiredOf(type)) {
    const v = node[property];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) problems.push(`${path}: ${type} needs ${property}`);
  }
  for (const [property, value] of Object.entries(node)) {
    if (property === '@type' || property === '@context') continue;
    if (property === '@id') {
      if (typeof value !== 'string' || !absoluteOn(value, ctx.origin)) problems.push(`${path}.@id: must be a URL on ${ctx.origin}`);
      continue;
    }
    const kinds = propertyKinds(type, property);
    if (!kinds) {
      problems.push(`${path}.${property}: not a property of ${type}`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) problems.push(`${path}.${property}: empty list`);
    values.forEach((v, i) => checkValue(v, kinds, Array.isArray(value) ? `${path}.${property}[${i}]` : `${path}.${property}`, ctx, problems));
  }
  if (typeof node.datePublished === 'string' && typeof node.dateModified === 'string' && Date.parse(node.dateModified) < Date.parse(node.datePublished)) {
    problems.push(`${path}: dateModified ${node.dateModified} is before datePublished ${node.datePublished}`);
  }
}

function checkValue(value: unknown, kinds: Kind[], path: string, ctx: Context, problems: string[]): void {
  if (isObject(value)) return checkNode(value, kinds, path, ctx, problems);
  const fits = (kind: Kind): boolean => {
    switch (kind) {
      case 'Text':
        return typeof value === 'string' && value.trim().length > 0;
      case 'URL':
        return typeof value === 'string' && absoluteOn(value, ctx.origin);
      case 'Date':
        return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
      case 'Integer':
        return Number.isInteger(value) && (value as number) >= 0;
      case 'Number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'Boolean':
        return typeof value === 'boolean';
      case 'Duration':
        return typeof value === 'string' && ISO_DURATION.test(value);
      case 'Price':
        return (typeof value === 'number' && value >= 0) || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value));
      case 'Currency':
        return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && CURRENCIES.has(value) && !NOT_MONEY.has(value);
      case 'Availability':
        return typeof value === 'string' && AVAILABILITY.some((a) => value === `https://schema.org/${a}`);
      default:
        return false;
    }
  };
  if (!kinds.some(fits)) problems.push(`${path}: ${JSON.stringify(value)} is not a valid ${kinds.join(' or ')}`);
}

/** An absolute http(s) URL on the site's public origin, without a signature or expiry in its query. */
function absoluteOn(value: string, origin: string): boolean {
  try {
    const url = new URL(value);
    return url.origin === origin && !url.searchParams.has('s') && !url.searchParams.has('e');
  } catch {
    return false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
