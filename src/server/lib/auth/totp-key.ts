import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in the data folder that holds the key when TOTP_KEY is not set. */
export const TOTP_KEY_FILE = 'totp.key';

/** 32 bytes from TOTP_KEY: 64 hex digits, or base64 / base64url. Anything else stops the start (a typo must not silently lock members out). */
export function parseTotpKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('TOTP_KEY must be 32 bytes: 64 hex digits or 44 base64 characters (e.g. `openssl rand -hex 32`).');
  return key;
}

/**
 * The key that encrypts second-factor secrets: TOTP_KEY when set, else DATA_DIR/totp.key, made (mode 0600) on first
 * use. Deliberately not in the database, unlike APP_SECRET: a dump of the database alone must not open an account.
 * Several machines on one PostgreSQL need the same TOTP_KEY.
 */
export function resolveTotpKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return parseTotpKey(configured);
  const file = path.join(dataDir, TOTP_KEY_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    // `wx`: two processes starting at once keep the first one's key.
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseTotpKey(fs.readFileSync(file, 'utf8'));
}

/**
 * AES-256-GCM with a fresh 96-bit nonce per secret; the member's id is the associated data, so a ciphertext copied
 * onto another member's row does not decrypt. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    this.key = key;
  }

  seal(plain: string, owner: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce).setAAD(Buffer.from(owner));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The plain secret; throws when the key or the owner is not the one it was sealed with. */
  open(sealed: string, owner: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('unknown sealed-secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url')).setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
