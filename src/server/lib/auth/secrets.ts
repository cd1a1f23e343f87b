import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret (256 bits) for a session, an e-mail link or the setup: only its hash is stored. */
export const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
