import { Type, type TObject, type TSchema, type TString } from 'typebox';
import { ListQuery } from '../contracts/common.ts';

/**
 * How a field is edited. Read from the schema: `x-kind` when it says, else from its type. `html`: sanitised HTML in a
 * large text box; `choices`: several values from another resource (`x-source`); `image`, `images`, `file`: uploads
 * (`x-upload` says what kind), sent as the references `POST /api/admin/uploads` answers with (the settings form
 * uploads its pictures to their own setting instead). `secret`: never shown once saved; `email`: an e-mail address.
 */
export type FieldKind =
  'text' | 'textarea' | 'html' | 'number' | 'boolean' | 'select' | 'datetime' | 'choices' | 'image' | 'images' | 'file' | 'secret' | 'email';

/**
 * What the list's checkboxes do to many items: publish, unpublish, delete; `price` sets the price of priced items
 * (`value`: tokens, 0 makes them free) and `category` puts them in one category (`value`: its id) instead of theirs.
 */
export type BulkAction = 'publish' | 'unpublish' | 'delete' | 'price' | 'category';

/**
 * What an upload field takes: an image (re-encoded, with derivatives), a video (mp4 or webm), any downloadable file;
 * `text-image` is a picture inside a rich text (public, at a stable address the text keeps).
 */
export type UploadPurpose = 'image' | 'video' | 'download' | 'text-image';

/**
 * Where a `choices` (or a `select`) field's options come from: another resource's items, their `_id`, named by
 * `label` (a key of the items the list returns) or else by the resource's `titleKey`.
 */
export interface ChoiceSource {
  resource: string;
  query?: Record<string, string>;
  label?: string;
}

/**
 * A stored file as the back office shows it and refers to it: `ref` is what a body sends back (the reference an
 * upload answered with for a new file; for one already stored, the item's own reference), `url` a preview.
 */
export interface AdminMedia {
  ref: string;
  url: string | null;
  name?: string;
  width?: number;
  height?: number;
  mimeType?: string;
  size?: number;
}

/** One field of a resource's form, as its TypeBox schema describes it. */
export interface Field {
  name: string;
  /** The schema's `title`. */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** The schema's `description`, said under the field. */
  hint?: string;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** The value a new item starts with (`x-default`; not the schema's `default`, which a patch would fill in). */
  initial?: string | boolean;
  /** A `choices` field's options. */
  source?: ChoiceSource;
  /** An upload field's kind of file. */
  upload?: UploadPurpose;
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * A list filter: a choice among `options` (a select; `all` names its empty choice, default 'All', when the list's
 * default is narrower), a day (`date`: a date input, `YYYY-MM-DD`, e.g. `fromDate`,
 * `toDate`), or another item's id (`id`: no input; a link from another page sets it, e.g. one member's orders, and the
 * list says which is on, named by the rows' `column`, with a button that clears it).
 */
export type ListFilter =
  | { key: string; label: string; options: Choice[]; kind?: 'select'; all?: string }
  | { key: string; label: string; kind: 'date'; options?: undefined }
  | { key: string; label: string; kind: 'id'; column: string; options?: undefined };

/** One column of a CSV export: a key of the item the API returns, and its heading. */
export interface CsvColumn {
  key: string;
  label: string;
}

/**
 * One back-office resource, described once: its body schema (validation of the API, the OpenAPI document and the
 * form's fields all come from it), the list's columns, filters and sorts, and where its public page is.
 */
export interface AdminResource {
  /** The URL segment: `/api/admin/<name>`, `/admin/<name>`. */
  name: string;
  /**
   * What an item's `{id}` is (in its routes, and in a bulk body's `ids`): its `_id`, a UUID, unless said here (a
   * blocked country is its code). Anything else is a 400 before any SQL runs (contracts/common.ts, `UuidParams`).
   */
  id?: TString;
  label: string;
  singular: string;
  /** Create's body (patch takes any subset of it). */
  body: TObject;
  /** The list's columns: keys of the item the API returns (`labels`: how its values read, when not a field's options). */
  columns: { key: string; label: string; labels?: Record<string, string> }[];
  /** The item's key that names it (the list's link text, the form's heading). */
  titleKey: string;
  filters?: ListFilter[];
  sorts: Choice[];
  /** What the list's checkboxes can do to many items at once. */
  bulk?: BulkAction[];
  /** How the bulk verbs read for this resource (a token package is enabled, not published). */
  bulkLabels?: Partial<Record<BulkAction, string>>;
  /**
   * A CSV export of the list with its current filters (`GET /api/admin/<name>/export.csv`, and an "Export CSV" link
   * on the list page, `/admin/<name>/export.csv`): its columns, in order.
   */
  exportCsv?: CsvColumn[];
  /** The public page of an item (the form's preview link), when it has one. */
  publicPath?: (item: AdminItem) => string | null;
  /**
   * Deleting puts an item in the resource's trash (content: videos, galleries, stories, posts, products, banners): the
   * list links to it ("Trash (n)"), a delete's toast offers Undo, and the trash restores an item or deletes it for good.
   */
  trash?: boolean;
  /** What the API offers besides reading: all three when absent; when given, those set to true (`{}`: read-only). */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  /** Verbs on one item (`POST /api/admin/<name>/{id}/<action>`), shown as buttons on its form, with their own fields. */
  actions?: AdminAction[];
  /**
   * A page of its own that manages the resource instead of the generic list (e.g. `/admin/site-mode` for the blocked
   * countries): the navigation and the dashboard leave the resource out, the generic pages still work.
   */
  page?: string;
  /** Other back-office lists about the item, linked from its page (a payment's member: their payments, their spends). */
  related?: (item: AdminItem) => { href: string; label: string }[];
  /**
   * A panel the item's page shows with its form, for what the form cannot hold: a gallery's photos; an order's
   * details (buyer, product, delivery, files), which follow the item as its verbs change it; beside the form, the item
   * or comment a report is about (with the other reports on it), a member's record (balance, purchases, payments,
   * reports); a video's progress through the media pipeline (`media`), live.
   */
  panel?: 'photos' | 'order' | 'reported-item' | 'member' | 'media';
}

/** A named verb on one item: ship an order, ban a member, refund a payment. */
export interface AdminAction {
  name: string;
  label: string;
  /** Its fields (a tracking code, a reason); none for a plain button. */
  body?: TObject;
  /** Asked before it runs (a destructive verb). */
  confirm?: string;
  /** Whether the item allows it now (e.g. ship only a processing order); always when absent. */
  when?: (item: AdminItem) => boolean;
}

/** Whether a resource offers an operation: all three without `operations`, else those it names (`{}`: read-only). */
export const offers = (resource: AdminResource, op: 'create' | 'update' | 'delete'): boolean => (resource.operations ? resource.operations[op] === true : true);

/** An item as the admin API returns it: `_id` and the resource's fields (and whatever else the list shows). */
export type AdminItem = { _id: string } & Record<string, unknown>;

type Schema = TSchema & {
  type?: string;
  title?: string;
  description?: string;
  anyOf?: Schema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  'x-kind'?: FieldKind;
  'x-labels'?: Record<string, string>;
  'x-default'?: string | boolean;
  'x-source'?: ChoiceSource;
  'x-upload'?: UploadPurpose;
};

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** The form's fields, in the schema's order. */
export function fieldsOf(body: TObject): Field[] {
  const required = new Set((body as TObject & { required?: string[] }).required ?? []);
  return Object.entries(body.properties as Record<string, Schema>).map(([name, schema]) => {
    const literals = schema.anyOf?.every((s) => s.const !== undefined) ? schema.anyOf.map((s) => String(s.const)) : null;
    const kind: FieldKind =
      schema['x-kind'] ??
      (literals
        ? 'select'
        : schema.type === 'boolean'
          ? 'boolean'
          : schema.type === 'integer' || schema.type === 'number'
            ? 'number'
            : schema.format === 'date-time'
              ? 'datetime'
              : (schema.maxLength ?? 0) > 300
                ? 'textarea'
                : 'text');
    return {
      name,
      label: schema.title ?? words(name),
      kind,
      required: required.has(name),
      ...(schema.description ? { hint: schema.description } : {}),
      ...(literals ? { options: literals.map((value) => ({ value, label: schema['x-labels']?.[value] ?? words(value) })) } : {}),
      ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
      ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
      ...(schema['x-default'] !== undefined ? { initial: schema['x-default'] } : {}),
      ...(schema['x-source'] ? { source: schema['x-source'] } : {}),
      ...(schema['x-upload'] ? { upload: schema['x-upload'] } : {}),
    };
  });
}

/** The list query of a resource: the common one, its sorts, and one optional parameter per filter. */
export function listQueryOf(resource: AdminResource) {
  // One choice is its literal (a union of one is an `anyOf` of one in the API document).
  const choice = (choices: Choice[]) => (choices.length === 1 ? Type.Literal(choices[0]!.value) : Type.Union(choices.map((c) => Type.Literal(c.value))));
  const filterSchema = (f: ListFilter) =>
    f.options ? choice(f.options) : f.kind === 'date' ? Type.String({ format: 'date' }) : Type.String({ format: 'uuid' });
  const filters = Object.fromEntries((resource.filters ?? []).map((f) => [f.key, Type.Optional(filterSchema(f))]));
  return Type.Intersect([ListQuery, Type.Object({ sortBy: Type.Optional(choice(resource.sorts)), ...filters })]);
}

export type AdminListQuery = { q?: string; limit?: number; offset?: number; sort?: 'asc' | 'desc'; sortBy?: string } & Record<string, unknown>;
