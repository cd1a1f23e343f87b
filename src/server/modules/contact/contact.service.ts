import type { FastifyBaseLogger } from 'fastify';
import { invalid } from '../../errors.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isEmail, normaliseEmail } from '../users/users.service.ts';
import type { ContactBody } from '../../../shared/contracts/community.ts';

/** The contact form: a message to the operator (setting `adminEmail`) with Reply-To the sender; captcha when enabled. */
export class ContactService {
  private readonly mailer: Mailer;
  private readonly captcha: CaptchaService;
  private readonly log: FastifyBaseLogger;
  constructor(mailer: Mailer, captcha: CaptchaService, log: FastifyBaseLogger) {
    this.mailer = mailer;
    this.captcha = captcha;
    this.log = log;
  }

  async send(body: ContactBody, origin: string, ip?: string) {
    const email = normaliseEmail(body.email);
    const name = body.name.trim();
    const message = body.message.trim();
    const problems: Record<string, string> = {
      ...(!name && { name: 'Name is required.' }),
      ...(!isEmail(email) && { email: 'E-mail must be an e-mail address.' }),
      ...(!message && { message: 'Message is required.' }),
    };
    if (Object.keys(problems).length) throw invalid(problems);
    await this.captcha.require(body.recaptchaToken, ip);
    this.mailer.send(await this.mailer.operatorAddress(), 'contact', { name, email, message }, { origin, replyTo: email });
    this.log.info({ from: email }, 'contact message');
    return { success: true, message: 'Thank you! Your message was sent; we will reply by e-mail.' };
  }
}
