import { escapeHtml } from '../../lib/text/html.ts';

/** What every message carries: the site's name and logo (absolute URL) and the origin its links point to. */
export interface Brand {
  siteName: string;
  logoUrl: string;
  origin: string;
}
export interface Message {
  subject: string;
  text: string;
  html: string;
}
interface Body {
  subject: string;
  /** Paragraphs, as plain text (escaped in the HTML part). */
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** One layout for every message: a text part and an HTML part saying the same thing. */
function render(brand: Brand, body: Body): Message {
  const text = [
    ...body.paragraphs,
    ...(body.action ? [`${body.action.label}: ${body.action.url}`] : []),
    ...(body.footnote ? [body.footnote] : []),
    `— ${brand.siteName} (${brand.origin})`,
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#6d28d9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f6;font-family:system-ui,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-size:18px;font-weight:700"><img src="${escapeHtml(brand.logoUrl)}" alt="" width="28" height="28" style="vertical-align:middle;margin-right:8px">${escapeHtml(brand.siteName)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(body.subject)}</h1>
${body.paragraphs.map(p).join('\n')}${button}${body.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(body.footnote)}</p>` : ''}
</td></tr></table>
<p style="font-size:12px;color:#71717a">${escapeHtml(brand.siteName)} · <a href="${escapeHtml(brand.origin)}" style="color:#71717a">${escapeHtml(brand.origin)}</a></p>
</td></tr></table></body></html>`;
  return { subject: body.subject, text, html };
}

export const verifyEmailMessage = (brand: Brand, name: string, url: string, hours: number): Message =>
  render(brand, {
    subject: `Confirm your e-mail address for ${brand.siteName}`,
    paragraphs: [`Hi ${name},`, `Please confirm that this is your e-mail address to finish setting up your ${brand.siteName} account.`],
    action: { label: 'Confirm my e-mail address', url },
    footnote: `The link works once and expires in ${hours} hours. If you did not sign up, you can ignore this message.`,
  });

export const resetPasswordMessage = (brand: Brand, name: string, url: string, minutes: number): Message =>
  render(brand, {
    subject: `Reset your ${brand.siteName} password`,
    paragraphs: [`Hi ${name},`, 'Somebody (hopefully you) asked to reset the password of your account.'],
    action: { label: 'Choose a new password', url },
    footnote: `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
  });

export const alreadyRegisteredMessage = (brand: Brand, name: string, url: string, minutes: number): Message =>
  render(brand, {
    subject: `You already have a ${brand.siteName} account`,
    paragraphs: [
      `Hi ${name},`,
      `Somebody (hopefully you) tried to create a new ${brand.siteName} account with this e-mail address, which already has one.`,
      'If you forgot your password, choose a new one with the link below. If it was not you, ignore this message: nothing changed.',
    ],
    action: { label: 'Choose a new password', url },
    footnote: `The link works once and expires in ${minutes} minutes.`,
  });

export const passwordChangedMessage = (brand: Brand, name: string): Message =>
  render(brand, {
    subject: `Your ${brand.siteName} password was changed`,
    paragraphs: [
      `Hi ${name},`,
      'The password of your account was just changed, and every other session was logged out.',
      'If this was not you, reset your password now from the login page.',
    ],
    action: { label: 'Log in', url: `${brand.origin}/auth/login` },
  });

export const contactMessage = (brand: Brand, from: { name: string; email: string }, message: string): Message =>
  render(brand, {
    subject: `Contact form: ${from.name}`,
    paragraphs: [`${from.name} <${from.email}> wrote through the contact form:`, message],
    footnote: 'Reply to this message to answer them.',
  });

/** One step of a member's order, as the buyer is told: shipped (with its tracking code), delivered, a file added. */
export type OrderStep = { step: 'shipped'; trackingCode: string } | { step: 'delivered' } | { step: 'file'; fileName: string };

export const orderStepMessage = (brand: Brand, name: string, order: { orderNumber: string; product: string; url: string }, step: OrderStep): Message => {
  const what = `${order.product} (order ${order.orderNumber})`;
  const words =
    step.step === 'shipped'
      ? {
          subject: `Your order ${order.orderNumber} is on its way`,
          lines: [
            `${what} has been shipped.`,
            ...(step.trackingCode ? [`Tracking code: ${step.trackingCode}`] : []),
            'Once it has arrived, you can confirm receipt on the order page.',
          ],
        }
      : step.step === 'delivered'
        ? { subject: `Your order ${order.orderNumber} is delivered`, lines: [`${what} is marked as delivered.`] }
        : {
            subject: `A file was added to your order ${order.orderNumber}`,
            lines: [`${step.fileName} was added to ${what}. Download it from the order page.`],
          };
  return render(brand, {
    subject: words.subject,
    paragraphs: [`Hi ${name},`, ...words.lines],
    action: { label: 'See your order', url: order.url },
    footnote: 'You get this message because you ordered from us. Your orders are in your account.',
  });
};
/** A moderator's warning about something the member wrote (`what`: e.g. "your comment"), with the operator's words. */
export const moderationWarningMessage = (brand: Brand, name: string, what: string, message: string): Message =>
  render(brand, {
    subject: `A warning from the ${brand.siteName} moderators`,
    paragraphs: [`Hi ${name},`, `Other members reported ${what}, and a moderator looked at it. They wrote:`, message],
    footnote: 'Please keep to the site rules. Repeated problems can end in the account being closed.',
  });

/** The member's account was closed by the moderators; the reason is the operator's. */
export const accountBannedMessage = (brand: Brand, name: string, reason: string): Message =>
  render(brand, {
    subject: `Your ${brand.siteName} account is closed`,
    paragraphs: [`Hi ${name},`, 'A moderator closed your account; you have been logged out everywhere. The reason given:', reason],
    footnote: 'If you think this is a mistake, answer through the contact form.',
  });
