import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { conflict, invalid, rateLimited } from '../../errors.ts';
import { hashSecret } from '../../lib/auth/secrets.ts';
import type { SecretBox } from '../../lib/auth/totp-key.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import * as repo from './two-factor.repository.ts';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../shared/contracts/auth.ts';
import { CODE_REUSED, RECOVERY_CODE_USED, WRONG_CODE } from '../../../shared/messages.ts';

const SECRET_UNREADABLE = "Codes from your app cannot be checked: the site's key has changed. Use a recovery code, or ask the site's operator.";

/** The usual authenticator-app parameters: every app reads them, so none is configurable. */
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read off paper

/** A recovery code as typed: letters and digits only, lower case ("ABCDE-12345 " is "abcde12345"). */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Only this hash is stored: the codes are random (50 bits), so a plain SHA-256 with the member's id is enough, as for session tokens. */
const recoveryHash = (userId: string, code: string) => hashSecret(`${userId}:${normaliseRecovery(code)}`);

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The second factor (issue 36): an authenticator app's codes (TOTP through otpauth, one step of clock drift either
 * way, each step accepted once) and ten single-use recovery codes. Every check of a code (or of the password that
 * turns it off) counts its failures per account like a login's (LoginThrottle, its own key), so the six digits cannot
 * be guessed by trying.
 */
export class TwoFactorService {
  private readonly db: Db;
  private readonly box: SecretBox;
  private readonly throttle: LoginThrottle;
  private readonly settings: SettingsService;
  constructor(deps: { db: Db; box: SecretBox; throttle: LoginThrottle; settings: SettingsService }) {
    this.db = deps.db;
    this.box = deps.box;
    this.throttle = deps.throttle;
    this.settings = deps.settings;
  }

  isOn = (userId: string) => repo.hasTwoFactor(this.db, userId);

  /** Whether the operator requires a second factor of this member (an admin, with `requireAdminTwoFactor` on). */
  async required(user: Pick<UserRow, 'roles'>): Promise<boolean> {
    return user.roles.includes('admin') && (await this.settings.get<boolean>('requireAdminTwoFactor')) === true;
  }

  async status(user: UserRow): Promise<TwoFactorStatus> {
    const [enabled, required, recoveryCodesLeft] = await Promise.all([this.isOn(user.id), this.required(user), repo.recoveryCodesLeft(this.db, user.id)]);
    return { enabled, required, recoveryCodesLeft };
  }

  /** A new secret for the app (a setup not yet confirmed is replaced); nothing changes for logging in until `enable`. */
  async setup(user: UserRow): Promise<TwoFactorSetup> {
    const secret = new Secret({ size: 20 });
    if (!(await repo.startSetup(this.db, user.id, this.box.seal(secret.base32, user.id)))) {
      throw conflict('Two-factor authentication is already on. Turn it off first to set up a new app.', 'TWO_FACTOR_ON');
    }
    const issuer = (await this.settings.get<string>('siteName')) || 'Tessera';
    const uri = this.totp(secret.base32, issuer, user.username).toString();
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret: secret.base32, uri, qrSvg };
  }

  /** The setup's first code turns the second factor on; the ten recovery codes are answered this once. */
  async enable(user: UserRow, code: string): Promise<RecoveryCodes> {
    const row = await repo.findTwoFactor(this.db, user.id);
    if (row?.enabledAt) throw conflict('Two-factor authentication is already on.', 'TWO_FACTOR_ON');
    if (!row) throw invalid({ code: 'Start the setup first: the page shows a QR code to scan.' });
    await this.check(user.id, row, code, false);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction((tx) =>
      repo.enable(
        tx,
        user.id,
        recoveryCodes.map((c) => recoveryHash(user.id, c)),
      ),
    );
    return { recoveryCodes };
  }

  /** Off again: the password and a code (an app's or a recovery code), both, so a session left open is not enough. */
  async disable(user: UserRow, password: string, code: string) {
    await this.checkPassword(user, password);
    await this.verify(user.id, code);
    await this.db.transaction((tx) => repo.disable(tx, user.id));
    return { success: true, message: 'Two-factor authentication is off.' };
  }

  /**
   * The member proving it is them before a grave change (closing the account): their password and, where the second
   * factor is on, a code. Wrong ones count against the account like a login's.
   */
  async prove(user: UserRow, password: string, code: string | undefined): Promise<void> {
    await this.checkPassword(user, password);
    if (!(await this.isOn(user.id))) return;
    if (!code?.trim()) throw invalid({ code: 'Code: type the one your authenticator app shows, or a recovery code.' });
    await this.verify(user.id, code);
  }

  private checkPassword(user: UserRow, password: string): Promise<void> {
    return this.throttle.checkPassword(this.key(user.id), 'code attempts', user.passwordHash, password);
  }

  /** A code of a member whose second factor is on: the app's (once per step) or an unused recovery code; a field error otherwise. */
  async verify(userId: string, code: string): Promise<void> {
    const row = await repo.findTwoFactor(this.db, userId);
    if (!row?.enabledAt) throw invalid({ code: WRONG_CODE });
    await this.check(userId, row, code, true);
  }

  private async check(userId: string, row: repo.TwoFactorRow, code: string, recovery: boolean): Promise<void> {
    const key = this.key(userId);
    await this.notThrottled(key);
    const digits = code.replace(/\s/g, '');
    let problem: string | null = WRONG_CODE;
    if (/^\d{6}$/.test(digits)) {
      const now = Date.now();
      const totp = this.totp(this.openSecret(row, userId));
      const delta = totp.validate({ token: digits, timestamp: now, window: 1 });
      if (delta !== null) problem = (await repo.takeStep(this.db, userId, totp.counter({ timestamp: now }) + delta)) ? null : CODE_REUSED;
    } else if (recovery && normaliseRecovery(code).length === 10) {
      const used = await repo.useRecoveryCode(this.db, userId, recoveryHash(userId, code));
      problem = used === 'ok' ? null : used === 'used' ? RECOVERY_CODE_USED : WRONG_CODE;
    }
    if (!problem) return;
    await this.throttle.failed(key);
    throw invalid({ code: problem });
  }

  /**
   * The plain secret. One sealed with another key (TOTP_KEY changed or lost, the data folder not restored) cannot be
   * opened: the member is told to use a recovery code (those are hashes, still good), not given a 500.
   */
  private openSecret(row: repo.TwoFactorRow, userId: string): string {
    try {
      return this.box.open(row.secret, userId);
    } catch {
      throw invalid({ code: SECRET_UNREADABLE });
    }
  }

  private key = (userId: string) => `second-factor:${userId}`;

  private async notThrottled(key: string) {
    const wait = await this.throttle.wait(key, false);
    if (wait > 0) throw rateLimited('code attempts', wait);
  }

  private totp(base32: string, issuer = 'Tessera', label = 'member') {
    return new TOTP({ issuer, label, secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
  }
}
