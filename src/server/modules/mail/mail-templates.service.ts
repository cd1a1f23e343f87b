import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import { iso } from '../../lib/text/dates.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import {
  MAIL_KEYS,
  MAIL_KINDS,
  defaultWording,
  isMailKey,
  wordingProblems,
  type MailKey,
  type MailKind,
  type MailWording,
} from '../../../shared/mail-kinds.ts';
import type { MailPreview, MailTemplate, MailTemplateSave, MailTemplateSummary, MailWordingBody } from '../../../shared/contracts/mail-templates.ts';
import type { Mailer } from './mailer.ts';
import { sampleValues } from './mail-templates.ts';
import { deleteMailTemplate, findMailTemplate, listMailTemplates, saveMailTemplate, type MailTemplateRow } from './mail-templates.repository.ts';

type Actor = { id: string; username: string };

const wordingOf = (row: MailTemplateRow): MailWording => ({ subject: row.subject, body: row.body, actionLabel: row.actionLabel, smallPrint: row.smallPrint });

function summary(key: MailKey, row: MailTemplateRow | null): MailTemplateSummary {
  const kind: MailKind = MAIL_KINDS[key];
  return {
    key,
    title: kind.title,
    when: kind.when,
    optional: kind.optional,
    enabled: row?.enabled ?? true,
    customised: row !== null,
    updatedAt: iso(row?.updatedAt ?? null),
  };
}

/**
 * The back office's Mails: each mail's wording (the operator's or the default), checked before it is kept (a
 * placeholder the mail does not know is a field error, never a blank in a sent mail), previewed with sample values,
 * sent to the operator as a test, switched off where it is optional, reset to the default. Changes are audited in
 * the transaction that makes them.
 */
export class MailTemplatesService {
  private readonly db: Db;
  private readonly mailer: Mailer;
  constructor(db: Db, mailer: Mailer) {
    this.db = db;
    this.mailer = mailer;
  }

  async list(): Promise<MailTemplateSummary[]> {
    const rows = new Map((await listMailTemplates(this.db)).map((r) => [r.key, r]));
    return MAIL_KEYS.map((key) => summary(key, rows.get(key) ?? null));
  }

  async get(key: string): Promise<MailTemplate> {
    const known = this.known(key);
    return this.view(known, await findMailTemplate(this.db, known));
  }

  async save(key: string, body: MailTemplateSave, actor: Actor): Promise<MailTemplate> {
    const known = this.known(key);
    const wording = this.checked(known, body);
    const enabled = body.enabled ?? true;
    if (!enabled && !MAIL_KINDS[known].optional) throw invalid({ enabled: `“${MAIL_KINDS[known].title}” cannot be switched off: members need it.` });
    const row = await this.db.transaction(async (tx) => {
      const before = await findMailTemplate(tx, known);
      const saved = await saveMailTemplate(tx, known, wording, enabled);
      await this.audit(tx, actor, known, 'update', before, saved);
      return saved;
    });
    return this.view(known, row);
  }

  /** Back to the default wording, switched on. */
  async reset(key: string, actor: Actor): Promise<MailTemplate> {
    const known = this.known(key);
    await this.db.transaction(async (tx) => {
      const before = await deleteMailTemplate(tx, known);
      if (before) await this.audit(tx, actor, known, 'reset', before, null);
    });
    return this.view(known, null);
  }

  /** The mail this wording writes, with sample values (nothing is kept). */
  async preview(key: string, body: MailWordingBody, origin: string): Promise<MailPreview> {
    const known = this.known(key);
    return this.mailer.write(known, this.checked(known, body), sampleValues(known), origin);
  }

  /** Mails the operator this wording with sample values, to see it in their own mail program. */
  async test(key: string, body: MailWordingBody, to: string, origin: string): Promise<{ message: string }> {
    const known = this.known(key);
    const message = await this.mailer.write(known, this.checked(known, body), sampleValues(known), origin);
    this.mailer.sendMessage(to, { ...message, subject: `[Test] ${message.subject}` });
    return { message: `A test of “${MAIL_KINDS[known].title}” is on its way to ${to}.` };
  }

  private known(key: string): MailKey {
    if (!isMailKey(key)) throw notFound(`There is no mail called '${key}'.`);
    return key;
  }

  /** The wording sent, its problems as field errors; a button's words are kept only where the mail has a button. */
  private checked(key: MailKey, body: MailWordingBody): MailWording {
    const hasButton = 'action' in MAIL_KINDS[key];
    const wording = { subject: body.subject, body: body.body, actionLabel: hasButton ? (body.actionLabel ?? '') : '', smallPrint: body.smallPrint ?? '' };
    const problems = wordingProblems(key, wording);
    if (hasButton && !wording.actionLabel.trim()) problems.actionLabel ??= 'Button: fill this in.';
    if (Object.keys(problems).length) throw invalid(problems as Record<string, string>);
    return wording;
  }

  private view(key: MailKey, row: MailTemplateRow | null): MailTemplate {
    const kind: MailKind = MAIL_KINDS[key];
    return {
      ...summary(key, row),
      wording: row ? wordingOf(row) : defaultWording(key),
      defaults: defaultWording(key),
      hasButton: 'action' in kind,
      placeholders: [
        { name: 'site', about: 'The site’s name (Settings)', sample: 'Tessera' },
        ...Object.entries(kind.placeholders).map(([name, p]) => ({ name, about: p.about, sample: p.sample })),
      ],
    };
  }

  private audit(tx: Tx, actor: Actor, key: MailKey, action: string, before: MailTemplateRow | null, after: MailTemplateRow | null) {
    const fields = (r: MailTemplateRow | null) => r && { ...wordingOf(r), enabled: r.enabled };
    return insertAudit(tx, {
      actorId: actor.id,
      actorName: actor.username,
      resource: 'mail-templates',
      targetId: key,
      action,
      before: fields(before),
      after: fields(after),
    });
  }
}
