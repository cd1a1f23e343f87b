import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isStrongPassword } from '../modules/users/users.service.ts';

export interface DemoLogin {
  role: 'admin' | 'member';
  username: string;
  email: string;
  password: string;
}

/** Where the first seed writes the demo logins (the admin's generated password is printed once, and kept here). */
export const demoLoginsFile = (dataDir: string) => path.join(dataDir, 'demo-logins.txt');

/** A random password that meets the policy (letters and digits, 16 characters). */
export function randomPassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 16);
    if (candidate.length === 16 && isStrongPassword(candidate)) return candidate;
  }
}

export const formatLogins = (logins: DemoLogin[]) => logins.map((a) => `${a.role.padEnd(6)} ${a.username.padEnd(8)} ${a.email.padEnd(22)} ${a.password}`);

/** Writes the logins, readable by the owner only. */
export function writeDemoLogins(dataDir: string, logins: DemoLogin[]): string {
  const file = demoLoginsFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const text = [
    `# Tessera demo logins, created ${new Date().toISOString()} by the first demo seed of this database.`,
    '# Change these passwords, or remove these accounts, before the site is public.',
    '# role   username e-mail                 password',
    ...formatLogins(logins),
    '',
  ].join('\n');
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}
