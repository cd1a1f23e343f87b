/** An answer to send: tus's own (status, headers, its text) or, for a refusal, the contract's error body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: string | { statusCode: number; error: string; message: string };
}

type Explained = [status: number, code: string, message: string];

const RESUME = 'ask for the offset (HEAD) and resume from there.';

/** tus's refusals (plain text, a few of them 403 or 5xx for what a client did), as the contract's status and words. */
function explain(status: number, text: string): Explained {
  const body = text.trim();
  if (body.startsWith('Upload-Offset header required')) return [400, 'BAD_REQUEST', 'Upload-Offset is required.'];
  if (body.startsWith('Content-Type header required') || body === 'Invalid content-type')
    return [400, 'BAD_REQUEST', 'Send the bytes with Content-Type: application/offset+octet-stream.'];
  if (body.startsWith('Invalid ')) return [400, 'BAD_REQUEST', `These headers are not valid: ${body.slice('Invalid '.length).split(' ').join(', ')}.`];
  if (body.startsWith('Tus-Resumable Required')) return [412, 'BAD_REQUEST', 'Send Tus-Resumable: 1.0.0 with every request.'];
  if (body.startsWith('Upload-Length or Upload-Defer-Length'))
    return [400, 'BAD_REQUEST', 'Upload-Length must be the file size in bytes, sent once at creation.'];
  if (body.startsWith('Request aborted')) return [409, 'CONFLICT', `The upload was interrupted by another request: ${RESUME}`];
  if (body.startsWith('failed to acquire lock')) return [409, 'CONFLICT', 'Another request is writing to this upload; try again in a moment.'];
  if (body.startsWith("upload's size exceeded")) return [413, 'PAYLOAD_TOO_LARGE', 'More bytes were sent than the upload is long.'];
  if (body.startsWith('Maximum size exceeded')) return [413, 'PAYLOAD_TOO_LARGE', 'The file is too large.'];
  if (status === 501) return [400, 'BAD_REQUEST', body || 'This tus extension is not supported.'];
  switch (status) {
    case 404:
      return [404, 'NOT_FOUND', 'This upload does not exist (it may have expired).'];
    case 409:
      return [409, 'CONFLICT', `Upload-Offset does not match the bytes the server has: ${RESUME}`];
    case 410:
      return [410, 'NOT_FOUND', 'This upload has expired. Start it again.'];
    case 413:
      return [413, 'PAYLOAD_TOO_LARGE', 'The file is too large.'];
    case 415:
      return [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.'];
  }
  if (status >= 500) return [500, 'INTERNAL_ERROR', 'Something went wrong on our side while receiving the file. Try again.'];
  return [status === 403 ? 400 : status, 'BAD_REQUEST', body || 'The upload request is not valid.'];
}

/** tus's Web response as an answer; its refusals in the contract's body (a 5xx is logged and says nothing inside). */
export async function tusAnswer(res: Response, logError: (err: Error) => void): Promise<Answer> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-type' && name !== 'connection') headers[name] = value;
  });
  const text = await res.text();
  if (res.status < 400) return { status: res.status, headers, ...(text ? { body: text } : {}) };
  const [status, code, message] = explain(res.status, text);
  if (status >= 500) logError(new Error(`tus answered ${res.status}: ${text.trim().slice(0, 300)}`));
  return { status, headers, body: { statusCode: status, error: code, message } };
}
