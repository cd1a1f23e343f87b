import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, users } from '../../db/schema.ts';
import { conflict, invalid } from '../../errors.ts';
import { hashSecret, newSecret } from '../../lib/auth/secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createUser } from '../users/users.service.ts';
import type { SetupBody } from '../../../shared/contracts/setup.ts';

/** Where the hash of the one-time setup token is kept (app_meta), while the site has no admin. */
const KEY = 'setup:token';
const WRONG_TOKEN = 'Setup token: this is not the token the server printed at its last start. Copy it from the server’s output.';

/**
 * First run: a site without any admin (created with `SEED=none`) prints a one-time setup token at start, and the first
 * visit to /admin asks for the admin account with it. Only the token's SHA-256 is stored; each start while no admin
 * exists replaces it; it is used up by the account it creates. The CLI (`user create --role admin`) remains for scripts.
 */
export class SetupService {
  /** Once an admin exists, setup is over for good in this process. */
  private done = false;
  private readonly db: Db;
  private readonly passwordCost: number;
  private readonly auth: AuthService;
  private readonly settings: SettingsService;
  constructor(db: Db, passwordCost: number, auth: AuthService, settings: SettingsService) {
    this.db = db;
    this.passwordCost = passwordCost;
    this.auth = auth;
    this.settings = settings;
  }

  private async hasAdmin(): Promise<boolean> {
    if (this.done) return true;
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`)
      .limit(1);
    this.done = Boolean(row);
    return this.done;
  }

  /** Whether the first-run setup is open: no admin yet, and a token was issued by a start. */
  async needed(): Promise<boolean> {
    if (await this.hasAdmin()) return false;
    const [row] = await this.db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, KEY));
    return Boolean(row);
  }

  /** At start: a new token when the site has no admin (printed by the caller, never stored in clear), else none. */
  async issueToken(): Promise<string | null> {
    if (await this.hasAdmin()) {
      await this.db.delete(appMeta).where(eq(appMeta.key, KEY));
      return null;
    }
    const token = newSecret();
    await this.db
      .insert(appMeta)
      .values({ key: KEY, value: hashSecret(token) })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hashSecret(token), createdAt: new Date() } });
    return token;
  }

  /**
   * Creates the first admin with the setup token, and logs them in. The token is taken in the same statement that
   * checks it (two tabs racing: one wins); if the account is refused (a weak password …) it is put back for a retry.
   */
  async complete(body: SetupBody, meta: { ip?: string; userAgent?: string }) {
    if (await this.hasAdmin()) throw conflict('This site already has an admin: log in instead.');
    const [stored] = await this.db.select().from(appMeta).where(eq(appMeta.key, KEY));
    const given = Buffer.from(hashSecret(body.token.trim()));
    if (!stored || stored.value.length !== given.length || !timingSafeEqual(Buffer.from(stored.value), given)) throw invalid({ token: WRONG_TOKEN });
    const taken = await this.db
      .delete(appMeta)
      .where(and(eq(appMeta.key, KEY), eq(appMeta.value, stored.value)))
      .returning();
    if (!taken.length) throw invalid({ token: WRONG_TOKEN });
    let admin;
    try {
      admin = await createUser(
        this.db,
        { name: body.name, username: body.username, email: body.email, password: body.password, role: 'admin' },
        this.passwordCost,
      );
    } catch (err) {
      await this.db.insert(appMeta).values(taken[0]!).onConflictDoNothing();
      throw err;
    }
    this.done = true;
    // Contact messages need somewhere to go: the admin's address, until the operator names another in Settings.
    if (!(await this.settings.get('adminEmail'))) await this.settings.setMany({ adminEmail: admin.email });
    const session = await this.auth.login({ username: body.username, password: body.password, remember: true }, meta);
    // An account made a moment ago has no second factor yet, so the login answers a session.
    if (!('token' in session)) throw new Error('the new admin has a second factor');
    return session;
  }
}
