/**
 * Money is integer minor units with a currency code (docs/design.md §4). People type and read it in
 * major units ("1,234.50"), so conversion is done on the digits of the text, never by
 * multiplying a float.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, whole = false): Intl.NumberFormat {
  const key = whole ? `${currency} whole` : currency;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency,
      ...(whole ? { maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Digits after the decimal point of a currency: 2 for INR (paise), 0 for JPY. */
export function minorDigits(currency: string): number {
  return formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** ₹1,851.00 for 185100 paise; ₹1,851 with `whole` (rounded), for prices quoted in whole rupees. */
export function formatMoney(minor: number, currency: string, { whole = false }: { whole?: boolean } = {}): string {
  return formatterFor(currency, whole).format(minor / 10 ** minorDigits(currency));
}

/** The currency's symbol as en-IN writes it, e.g. ₹ for INR, $ for USD. */
export function currencySymbol(currency: string): string {
  return (
    formatterFor(currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/**
 * "1234.5" → 123450 paise; thousands separators, spaces and the currency sign are ignored.
 * Null when the text is not an amount with at most the currency's decimals.
 */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.replace(/[\s,₹$€£]/g, '');
  const match = (digits > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{0,${digits}}))?$`) : /^(\d+)$/).exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  const minor = Number(`${whole}${fraction}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 150 paise → "1.50", the text an amount field starts with. */
export function minorToInput(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** 1500 basis points → "15 %", 1250 → "12.5 %". */
export function formatBasisPoints(bps: number): string {
  return `${(bps / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
}
