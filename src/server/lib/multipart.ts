import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * Reads a multipart/form-data request: its text fields and at most one file in `fileField` (limit `maxBytes`; a bigger
 * file is a 413). `requireFile` makes a missing or empty file a 400.
 */
export async function readForm(request: FastifyRequest, opts: { fileField: string; maxBytes: number; requireFile?: boolean }) {
  if (!request.isMultipart())
    throw badRequest(`Send the form as multipart/form-data${opts.requireFile ? `, with the file in the field \`${opts.fileField}\`` : ''}.`);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== opts.fileField) throw badRequest(`Send the file in the field \`${opts.fileField}\`.`);
      const data = await part.toBuffer();
      if (data.length) file = { data, filename: part.filename || 'file', mimetype: part.mimetype };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (opts.requireFile && !file) throw badRequest(`Send a non-empty file in the field \`${opts.fileField}\`.`);
  return { fields, file };
}
