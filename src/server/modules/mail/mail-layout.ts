import mjml2html from 'mjml';
import { linkify } from '../../../shared/linkify.ts';
import { escapeHtml } from '../../lib/text/html.ts';

/** What every message carries: the site's name, logo (absolute URL) and colour, and the origin its links point to. */
export interface Brand {
  siteName: string;
  logoUrl: string;
  colour: string;
  origin: string;
}
export interface Message {
  subject: string;
  text: string;
  html: string;
}
/** A message's words, filled in: paragraphs of plain text, an optional button, small print. */
export interface Filled {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  smallPrint: string;
}

/** Plain text as HTML: escaped, its http(s) links clickable, its line breaks kept. */
const html = (text: string): string =>
  linkify(text)
    .map((s) => ('href' in s ? `<a href="${escapeHtml(s.href)}" style="color:inherit">${escapeHtml(s.text)}</a>` : escapeHtml(s.text)))
    .join('')
    .replace(/\n/g, '<br>');
const attr = escapeHtml;

/**
 * One layout for every message, made with MJML (responsive HTML that mail programs draw alike) and a plain-text part
 * saying the same. Every word in it is text the operator or a member wrote, escaped here: a template cannot add markup.
 */
export async function layout(brand: Brand, message: Filled): Promise<Message> {
  const text = [
    ...message.paragraphs,
    ...(message.action ? [`${message.action.label}: ${message.action.url}`] : []),
    ...(message.smallPrint ? [message.smallPrint] : []),
    `— ${brand.siteName} (${brand.origin})`,
  ].join('\n\n');
  const paragraphs = message.paragraphs.map((p) => `<mj-text padding="0 0 16px">${html(p)}</mj-text>`).join('\n');
  const button = message.action
    ? `<mj-button href="${attr(message.action.url)}" background-color="${attr(brand.colour)}" align="left" padding="8px 0 16px">${escapeHtml(message.action.label)}</mj-button>
<mj-text padding="0 0 16px" font-size="13px" color="#52525b">Or open this link: <a href="${attr(message.action.url)}" style="color:#52525b">${escapeHtml(message.action.url)}</a></mj-text>`
    : '';
  const smallPrint = message.smallPrint ? `<mj-text padding="8px 0 0" font-size="13px" color="#52525b">${html(message.smallPrint)}</mj-text>` : '';
  const source = `<mjml lang="en">
<mj-head>
  <mj-title>${escapeHtml(message.subject)}</mj-title>
  <mj-preview>${escapeHtml(message.paragraphs.slice(1, 2).join(' ').slice(0, 140))}</mj-preview>
  <mj-attributes>
    <mj-all font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
    <mj-text font-size="16px" line-height="1.5" color="#18181b" css-class="words" />
    <mj-button font-size="16px" font-weight="600" border-radius="8px" inner-padding="12px 20px" color="#ffffff" />
  </mj-attributes>
  <mj-style>.words div { overflow-wrap: anywhere; word-break: break-word; }</mj-style>
</mj-head>
<mj-body background-color="#f4f4f6" width="600px">
  <mj-section padding="24px 12px 0"><mj-column background-color="#ffffff" border-radius="12px" padding="28px">
    <mj-text padding="0 0 20px" font-size="18px" font-weight="700"><img src="${attr(brand.logoUrl)}" alt="" width="28" height="28" style="vertical-align:middle;margin-right:8px;border:0">${escapeHtml(brand.siteName)}</mj-text>
    <mj-text padding="0 0 16px" font-size="20px" font-weight="700">${escapeHtml(message.subject)}</mj-text>
    ${paragraphs}
    ${button}
    ${smallPrint}
  </mj-column></mj-section>
  <mj-section padding="12px"><mj-column>
    <mj-text align="center" font-size="12px" color="#52525b">${escapeHtml(brand.siteName)} · <a href="${attr(brand.origin)}" style="color:#52525b">${escapeHtml(brand.origin)}</a></mj-text>
  </mj-column></mj-section>
</mj-body>
</mjml>`;
  // No web fonts: the system's (a mail loads nothing from a third party).
  const out = await mjml2html(source, { validationLevel: 'strict', keepComments: false, fonts: {} });
  return { subject: message.subject, text, html: out.html };
}
