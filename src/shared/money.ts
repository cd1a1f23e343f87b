/** Digits after the decimal point of a currency (2 for USD and EUR, 0 for JPY), from the platform's ICU data. */
export function minorDigits(currency: string): number {
  return formatOf('en', currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units (what we store and what Stripe takes) → the major-unit number the wire shows. */
export const toMajor = (minor: number, currency: string): number => minor / 10 ** minorDigits(currency);
/** Major units → minor units, rounded to the currency's precision. */
export const toMinor = (major: number, currency: string): number => Math.round(major * 10 ** minorDigits(currency));

/** `$4.99`, `€4,99`, `¥500`, as the visitor's locale writes it. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const format = formatOf(locale, currency);
  return format ? format.format(amount) : `${amount} ${currency}`;
}

/** One formatter per locale and currency (making one costs more than formatting: a list or an export formats thousands); null for a currency ICU does not know. */
const formats = new Map<string, Intl.NumberFormat | null>();
function formatOf(locale: string | undefined, currency: string): Intl.NumberFormat | null {
  const key = `${locale ?? ''}|${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = null;
    }
    if (formats.size < 100) formats.set(key, format);
  }
  return format;
}
