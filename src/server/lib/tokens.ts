import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token (256 bits); only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization` header: raw, as the original clients send it, or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return value.length >= 20 && value.length <= 200 ? value : null;
}
