import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { defaultWording, type MailKey, type MailValues, type MailWording } from '../../../shared/mail-kinds.ts';
import type { Brand, Message } from './mail-layout.ts';
import { compose } from './mail-templates.ts';
import { findMailTemplate } from './mail-templates.repository.ts';

/** A service's way to mail members from outside a request: the mailer, and the site's public origin for links. */
export interface SiteMail {
  mailer: Mailer;
  /** Read when a message is written (the origin is known once the server listens), never from a request. */
  origin: () => string;
}

/** Where a mail's links point, and whom an answer to it goes to. */
export interface SendOptions {
  origin: string;
  replyTo?: string;
}

/**
 * Outgoing mail through nodemailer: SMTP when `SMTP_URL` is set; otherwise each message is written as an .eml file in
 * the data folder's `mail/` and its links are printed to the log (the embedded default needs no mail server).
 * Sending never holds up the request that caused it, and never says to the caller whether it worked: the outcome is logged.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();
  private readonly config: Config['mail'];
  private readonly settings: SettingsService;
  private readonly db: Tx;
  private readonly log: FastifyBaseLogger;
  constructor(config: Config['mail'], settings: SettingsService, db: Tx, log: FastifyBaseLogger) {
    this.config = config;
    this.settings = settings;
    this.db = db;
    this.log = log;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** The site name, logo and mail colour of the settings, with absolute links on `origin`. */
  async brand(origin: string): Promise<Brand> {
    const siteName = (await this.settings.get<string>('siteName')) ?? 'Tessera';
    const logo = (await this.settings.get<string>('logo')) ?? '/images/logo.svg';
    const colour = (await this.settings.get<string>('mailColour')) || DEFAULT_MAIL_COLOUR;
    return { siteName, logoUrl: new URL(logo, origin).href, colour, origin };
  }

  /**
   * Mails `to` the message `key` with its values, in the operator's wording (or the default), unless the operator
   * switched that mail off. Queued: resolves at once; the wording is read and the mail written on the way out.
   */
  send<K extends MailKey>(to: string, key: K, values: MailValues<K>, opts: SendOptions): void {
    this.queue(
      to,
      key,
      async () => {
        const row = await findMailTemplate(this.db, key);
        if (row && !row.enabled) return null;
        return this.write(key, row ?? defaultWording(key), values, opts.origin);
      },
      opts,
    );
  }

  /** A mail in a given wording (a preview, an operator's test), written now. */
  async write(key: MailKey, wording: MailWording, values: Record<string, string>, origin: string): Promise<Message> {
    return compose(key, wording, values, await this.brand(origin));
  }

  /** Queues a message already written (an operator's test mail). */
  sendMessage(to: string, message: Message, opts: Omit<SendOptions, 'origin'> = {}): void {
    this.queue(to, message.subject, async () => message, opts);
  }

  /** The operator's address (setting `adminEmail`, else MAIL_FROM's). */
  async operatorAddress(): Promise<string> {
    return (await this.settings.get<string>('adminEmail')) || this.config.from;
  }

  /** Runs `write` then delivers what it wrote (nothing: switched off), logging a failure; resolves at once. */
  private queue(to: string, what: string, write: () => Promise<Message | null>, opts: { replyTo?: string }): void {
    const job = write()
      .then(async (message) => {
        if (message) await this.deliver(to, message, opts);
      })
      .catch((err) => this.log.error({ err, to, mail: what }, 'mail not sent'));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Waits for the messages queued so far (shutdown, tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async deliver(to: string, message: Message, opts: { replyTo?: string }): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.config.from,
      to,
      replyTo: opts.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    const links = linksIn(message.text);
    if (this.config.smtpUrl) {
      this.log.info({ to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    await fs.mkdir(this.config.dir, { recursive: true });
    const file = path.join(this.config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    this.log.info({ to, subject: message.subject, file, links }, 'mail written (no SMTP_URL)');
  }
}

/** The button colour of mails when the setting `mailColour` is empty (the site's accent). */
export const DEFAULT_MAIL_COLOUR = '#6d28d9';

/** The links of a message's text, as a reader would click them: without a closing bracket or full stop after them. */
export function linksIn(text: string): string[] {
  return (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
}
