import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface Received extends Email {
  /** The SMTP envelope's recipients (RCPT TO). */
  rcpt: string[];
}

/**
 * A real SMTP server (the smtp-server package) on a free local port: it accepts every message, and the tests read what
 * it received, parsed with postal-mime. `url` is what the app takes as SMTP_URL.
 */
export class SmtpSink {
  readonly messages: Received[] = [];
  private server: SMTPServer | null = null;
  private waiters: (() => void)[] = [];
  url = '';

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
            this.messages.push({ ...parsed, rcpt: session.envelope.rcptTo.map((r) => r.address) });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The first message to `to` matching `subject` received after `since` messages, waiting up to `timeoutMs`. */
  async waitFor(to: string, subject: RegExp, opts: { since?: number; timeoutMs?: number } = {}): Promise<Received> {
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.messages.slice(opts.since ?? 0).find((m) => m.rcpt.includes(to) && subject.test(m.subject ?? ''));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} matching ${subject} (got: ${this.messages.map((m) => `${m.rcpt} ${m.subject}`).join('; ') || 'none'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Messages to `to` so far. */
  to(address: string): Received[] {
    return this.messages.filter((m) => m.rcpt.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The first link in a message's text part that starts with `prefix` (e.g. the site's /auth/verify-email). */
export function linkIn(message: Email, path: string): URL {
  const match = (message.text ?? '').match(new RegExp(`https?://\\S+${path.replace(/[/.]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`no ${path} link in:\n${message.text}`);
  return new URL(match[0]);
}

/**
 * beforeAll: a started sink whose address goes into `env.SMTP_URL` (register this before the app or server that reads
 * `env`, so it sees the address); afterAll: the sink stops.
 */
export function useSmtp(env: Record<string, string>): SmtpSink {
  const sink = new SmtpSink();
  beforeAll(async () => {
    await sink.start();
    env.SMTP_URL = sink.url;
  });
  afterAll(() => sink.stop());
  return sink;
}
