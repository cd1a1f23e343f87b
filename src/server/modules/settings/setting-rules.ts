import sanitize from 'sanitize-html';
import { isTimeZone } from '../../../shared/time-zone.ts';
import { DEFAULT_PRIVATE_SETTINGS, DEFAULT_PUBLIC_SETTINGS } from '../../../shared/default-settings.ts';

/** A checked value, or why it is refused. */
type Verdict = { ok: true; value: unknown } | { ok: false; problem: string };
type Rule = (value: unknown) => Verdict;

const pass = (value: unknown): Verdict => ({ ok: true, value });
const fail = (problem: string): Verdict => ({ ok: false, problem });

/**
 * A link a page may print: site-relative (`/videos`, not `//host`) or absolute http(s). Never `javascript:`, `data:`
 * or any other scheme, so that no setting can turn a menu item or an image into script.
 */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const text =
  (max: number, { empty = true } = {}): Rule =>
  (v) =>
    typeof v !== 'string'
      ? fail(`must be text, got ${kind(v)}`)
      : !empty && !v.trim()
        ? fail('must not be empty')
        : v.length > max
          ? fail(`must be at most ${max} characters`)
          : pass(v);

const pattern =
  (re: RegExp, what: string): Rule =>
  (v) =>
    typeof v === 'string' && re.test(v) ? pass(v) : fail(`must be ${what}`);

const link: Rule = (v) => (typeof v === 'string' && v.length <= 2000 && isSafeLink(v) ? pass(v) : fail('must be a site path (/…) or an http(s) URL'));

/** A link, or empty for none. */
const optionalLink: Rule = (v) => (v === '' ? pass(v) : link(v));

/** Money per token in the site's currency: a number from 0 (not declared) up to a million, at most 4 decimals. */
const tokenPrice: Rule = (v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1_000_000 && Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6
    ? pass(v)
    : fail(`must be the money one token is worth in the site's currency, a number such as 0.1 (0: not declared), got ${JSON.stringify(v)}`);

const boolean: Rule = (v) => (typeof v === 'boolean' ? pass(v) : fail(`must be a boolean (true or false), got ${kind(v)}`));

/** `[{title, path, section?: 'main'|'footer', isNewTab?}]`, each path a safe link. */
const menus: Rule = (v) => {
  if (!Array.isArray(v)) return fail(`must be an array of {title, path, section, isNewTab}, got ${kind(v)}`);
  if (v.length > 50) return fail('may have at most 50 items');
  for (const [i, item] of v.entries()) {
    const m = (item ?? {}) as Record<string, unknown>;
    const extra = Object.keys(m).filter((k) => !['title', 'path', 'section', 'isNewTab'].includes(k));
    if (typeof item !== 'object' || Array.isArray(item)) return fail(`item ${i + 1} must be an object`);
    if (typeof m.title !== 'string' || !m.title.trim() || m.title.length > 60) return fail(`item ${i + 1}: title must be text of 1-60 characters`);
    if (typeof m.path !== 'string' || !isSafeLink(m.path)) return fail(`item ${i + 1} (${m.title}): path must be a site path (/…) or an http(s) URL`);
    if (m.section !== undefined && m.section !== 'main' && m.section !== 'footer') return fail(`item ${i + 1}: section must be main or footer`);
    if (m.isNewTab !== undefined && typeof m.isNewTab !== 'boolean') return fail(`item ${i + 1}: isNewTab must be a boolean`);
    if (extra.length) return fail(`item ${i + 1}: unknown field ${extra.join(', ')}`);
  }
  return pass(v);
};

/** Operator HTML for the footer, kept to simple formatting and safe links (stored sanitised). */
const footerHtml: Rule = (v) => {
  if (typeof v !== 'string') return fail(`must be text (HTML), got ${kind(v)}`);
  if (v.length > 5000) return fail('must be at most 5000 characters');
  return pass(
    sanitize(v, {
      allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'a', 'small', 'span'],
      allowedAttributes: { a: ['href', 'title', 'rel'] },
      allowedSchemes: ['http', 'https', 'mailto'],
      allowProtocolRelative: false,
    }),
  );
};

const email: Rule = (v) =>
  typeof v === 'string' && (v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) && v.length <= 254 ? pass(v) : fail('must be an e-mail address (or empty)');

/** Every setting an operator may set, and what its value must be. Keys not listed here are refused. */
export const SETTING_RULES: Record<string, Rule> = {
  siteName: text(100, { empty: false }),
  logo: link,
  favicon: link,
  loginPlaceholderImage: link,
  menus,
  footerContent: footerHtml,
  currency: pattern(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD'),
  currencySymbol: text(8, { empty: false }),
  tokenPrice,
  gaCode: pattern(/^$|^[A-Z0-9-]{4,40}$/i, 'a measurement id such as G-XXXXXXX (or empty)'),
  maintenanceMode: boolean,
  requireEmailVerification: boolean,
  requireAdminTwoFactor: boolean,
  closureRefunds: boolean,
  closedAccountComments: (v) => (v === 'keep' || v === 'remove' ? pass(v) : fail('must be keep or remove')),
  recaptchaSiteKey: text(200),
  adminEmail: email,
  timeZone: (v) => (typeof v === 'string' && isTimeZone(v) ? pass(v) : fail('must be a time zone such as Europe/Oslo or UTC')),
  mailColour: pattern(/^$|^#[0-9a-f]{6}$/i, 'a colour such as #6d28d9 (or empty)'),
  recaptchaSecret: text(200),
  metaDescription: text(300),
  shareImage: optionalLink,
  maintenanceMessage: text(500),
  blockedMessage: text(500),
  recaptchaVerifyUrl: (v) => (typeof v === 'string' && /^https?:\/\//.test(v) && isSafeLink(v) ? pass(v) : fail('must be an http(s) URL')),
};

// Every default has a rule (a new setting must say what it accepts).
for (const key of [...Object.keys(DEFAULT_PUBLIC_SETTINGS), ...Object.keys(DEFAULT_PRIVATE_SETTINGS)]) {
  if (!SETTING_RULES[key]) throw new Error(`setting ${key} has a default but no rule in setting-rules.ts`);
}

function kind(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
