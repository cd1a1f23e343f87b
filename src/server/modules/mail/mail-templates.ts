import { MAIL_KINDS, fill, type MailKey, type MailKind, type MailWording } from '../../../shared/mail-kinds.ts';
import { layout, type Brand, type Message } from './mail-layout.ts';

/**
 * A mail written from its wording (the operator's or the default: shared/mail-kinds.ts) and its values: placeholders
 * filled, paragraphs split on blank lines (one its placeholders left empty is dropped), the button pointing at the
 * mail's `link`, then laid out with the site's brand.
 */
export function compose(key: MailKey, wording: MailWording, values: Record<string, string>, brand: Brand): Promise<Message> {
  const kind: MailKind = MAIL_KINDS[key];
  const all = { ...values, site: brand.siteName };
  const paragraphs = fill(wording.body, all)
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const label = fill(wording.actionLabel, all).trim();
  return layout(brand, {
    subject: fill(wording.subject, all).replace(/\s+/g, ' ').trim(),
    paragraphs,
    ...(kind.action && label && values.link ? { action: { label, url: values.link } } : {}),
    smallPrint: fill(wording.smallPrint, all).trim(),
  });
}

/** The values of a mail's preview and test: each placeholder's sample. */
export const sampleValues = (key: MailKey): Record<string, string> =>
  Object.fromEntries(Object.entries(MAIL_KINDS[key].placeholders as MailKind['placeholders']).map(([p, { sample }]) => [p, sample]));
