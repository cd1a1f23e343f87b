import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Brand, Message } from './mail-templates.ts';

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
  private readonly log: FastifyBaseLogger;
  constructor(config: Config['mail'], settings: SettingsService, log: FastifyBaseLogger) {
    this.config = config;
    this.settings = settings;
    this.log = log;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** The site name and logo of the settings, with absolute links on `origin`. */
  async brand(origin: string): Promise<Brand> {
    const siteName = (await this.settings.get<string>('siteName')) ?? 'Tessera';
    const logo = (await this.settings.get<string>('logo')) ?? '/images/logo.svg';
    return { siteName, logoUrl: new URL(logo, origin).href, origin };
  }

  /** The operator's address (setting `adminEmail`, else MAIL_FROM's). */
  async operatorAddress(): Promise<string> {
    return (await this.settings.get<string>('adminEmail')) || this.config.from;
  }

  /** Queues a message; resolves at once. */
  send(to: string, message: Message, opts: { replyTo?: string } = {}): void {
    const job = this.deliver(to, message, opts).catch((err) => this.log.error({ err, to, subject: message.subject }, 'mail not sent'));
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

/** The links of a message's text, as a reader would click them: without a closing bracket or full stop after them. */
export function linksIn(text: string): string[] {
  return (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
}
