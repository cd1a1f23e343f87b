import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors.ts';

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * Reads a multipart/form-data request: its text fields and at most one file in `fileField` (limit `maxBytes`; a bigger
 * file is a 413). `requireFile` makes a missing or empty file a 400. A body that is not multipart, or that the parser
 * cannot read (no boundary, cut short, a malformed part header), is a 400 `BAD_REQUEST`.
 */
export async function readForm(request: FastifyRequest, opts: { fileField: string; maxBytes: number; requireFile?: boolean }) {
  const expected = `Send the form as multipart/form-data${opts.requireFile ? `, with the file in the field \`${opts.fileField}\`` : ''}.`;
  if (!request.isMultipart()) throw badRequest(expected);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField) throw badRequest(`Send the file in the field \`${opts.fileField}\`.`);
        const data = await part.toBuffer();
        if (data.length) file = { data, filename: part.filename || 'file', mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Ours, and @fastify/multipart's limits (413) and refusals (4xx), go to the error handler as they are; what the
    // parser (busboy) throws has no status: the body is not a form it can read.
    if (err instanceof AppError || isClientError(err)) throw err;
    throw badRequest(`The form could not be read (it has no boundary, is cut short or is malformed). ${expected}`);
  }
  if (opts.requireFile && !file) throw badRequest(`Send a non-empty file in the field \`${opts.fileField}\`.`);
  return { fields, file };
}

const isClientError = (err: unknown) => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};
