import { Type, type Static } from 'typebox';

/** How long a ready export's link works (and its file is kept). */
export const DATA_EXPORT_HOURS = 24;

/** The answer to "Download my data": what the member sees at once. */
export const DATA_EXPORT_QUEUED = 'We’re gathering your data. We’ll e-mail you a link to download it when it’s ready.';

/** A member's data export, as the member sees it (never its storage key or its link's secret). */
export const DataExport = Type.Object({
  _id: Type.String({ format: 'uuid' }),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('failed')]),
  /** The zip's size in bytes once ready. */
  size: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** When the link stops working (set once ready). */
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** What happens next, in words for the member. */
  message: Type.String(),
});
export type DataExport = Static<typeof DataExport>;

/** Asking for an export takes nothing: it is the logged-in member's, of everything. */
export const DataExportBody = Type.Object({}, { additionalProperties: false });

export const DataExportDownloadQuery = Type.Object(
  { key: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'The secret of the mailed link' }) },
  { additionalProperties: false },
);
