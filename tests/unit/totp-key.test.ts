import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTotpKey, resolveTotpKey, SecretBox } from '../../src/server/lib/auth/totp-key.ts';

describe('the key that seals second-factor secrets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-totp-key-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes TOTP_KEY as 64 hex digits or base64, and refuses anything that is not 32 bytes', () => {
    const key = randomBytes(32);
    expect(parseTotpKey(key.toString('hex'))).toEqual(key);
    expect(parseTotpKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(() => parseTotpKey('short')).toThrow(/TOTP_KEY must be 32 bytes/);
  });

  it('without TOTP_KEY, makes one in the data folder (owner-only) on first use and keeps using it', () => {
    const first = resolveTotpKey(null, dir);
    expect(fs.statSync(path.join(dir, 'totp.key')).mode & 0o777).toBe(0o600);
    expect(resolveTotpKey(null, dir)).toEqual(first);
    expect(resolveTotpKey('ab'.repeat(32), dir)).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
  });

  it('opens a sealed secret only with the same key and for the same member', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'member-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'member-1')).not.toBe(sealed); // a fresh nonce each time
    expect(box.open(sealed, 'member-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'member-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'member-1')).toThrow();
  });
});
