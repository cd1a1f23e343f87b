/** Digits after the decimal point of a currency (2 for USD and EUR, 0 for JPY), from the platform's ICU data. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units (what we store and what Stripe takes) → the major-unit number the wire shows. */
export const toMajor = (minor: number, currency: string): number => minor / 10 ** minorDigits(currency);
/** Major units → minor units, rounded to the currency's precision. */
export const toMinor = (major: number, currency: string): number => Math.round(major * 10 ** minorDigits(currency));

/** `$4.99`, `€4,99`, `¥500`, as the visitor's locale writes it. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
