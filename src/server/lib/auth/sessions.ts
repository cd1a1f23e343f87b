/** The session token of an `Authorization` header: raw, as the original clients send it, or `Bearer <token>`. */
export function sessionTokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return value.length >= 20 && value.length <= 200 ? value : null;
}

/** The session token of a `Cookie` header's `token` cookie (the site's session), or null. */
export function sessionTokenFromCookie(cookie: string | undefined): string | null {
  const value = /(?:^|;\s*)token=([^;]*)/.exec(cookie ?? '')?.[1];
  return value ? sessionTokenFromHeader(value) : null;
}
