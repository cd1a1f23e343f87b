import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { EndLiveSessions } from '../../types.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { SessionView } from '../../../shared/contracts/auth.ts';
import { ACCOUNT_SECURITY_ROUTE } from '../../../shared/routes.ts';
import type { SiteMail } from '../mail/mailer.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { AuthContext } from './auth.service.ts';
import { describeDevice, placeOf, type LoginPlace } from './devices.ts';
import { deleteUserSession, deleteUserSessions, listUserSessions, type SessionRow } from './sessions.repository.ts';

/** `29 Nov 2026, 16:05 UTC`. */
const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A member's devices (issue 36): the sessions they are logged in with (device and browser from the user agent, the
 * rough place from the country database, last seen), ending one or all the others (their live connections close at
 * once), and a mail when a login comes from a place the account was never used from.
 */
export class DevicesService {
  private readonly db: Db;
  private readonly endLive: EndLiveSessions;
  private readonly mail: SiteMail;
  constructor(deps: { db: Db; endLive: EndLiveSessions; mail: SiteMail }) {
    this.db = deps.db;
    this.endLive = deps.endLive;
    this.mail = deps.mail;
  }

  async list(auth: AuthContext): Promise<ListResult<SessionView>> {
    const rows = await listUserSessions(this.db, auth.user.id);
    const data = rows.map((row) => this.view(row, auth.sessionId));
    return { data, total: data.length };
  }

  /** Ends one of the member's sessions (this one too, if asked: that is a logout); a 404 for any other. */
  async end(auth: AuthContext, id: string): Promise<{ success: boolean }> {
    const ended = await deleteUserSession(this.db, auth.user.id, id);
    if (!ended.length) throw notFound('This session has ended already.');
    this.endLive(ended);
    return { success: true };
  }

  /** Ends every session of the member but this one. */
  async endOthers(auth: AuthContext): Promise<{ success: boolean; ended: number }> {
    const ended = await deleteUserSessions(this.db, auth.user.id, auth.sessionId);
    this.endLive(ended);
    return { success: true, ended: ended.length };
  }

  /** The mail of a login from a new place (AuthService decides it is one). */
  newPlace(user: Pick<UserRow, 'email' | 'name'>, from: LoginPlace, at = new Date()): void {
    const origin = this.mail.origin();
    this.mail.mailer.send(
      user.email,
      'new-login',
      {
        name: user.name,
        device: describeDevice(from.userAgent).label,
        place: placeOf(from.country) ?? 'an unknown place',
        time: `${utc.format(at)} UTC`,
        link: `${origin}${ACCOUNT_SECURITY_ROUTE}`,
      },
      { origin },
    );
  }

  private view(row: SessionRow, current: string): SessionView {
    const { label, kind } = describeDevice(row.userAgent);
    return {
      _id: row.id,
      device: label,
      kind,
      place: placeOf(row.country),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
      current: row.id === current,
    };
  }
}
