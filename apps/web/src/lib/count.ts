/**
 * A whole count as the network writes numbers, in Indian digit grouping ("12,34,567"), the way
 * `toLocaleString('en-IN')` writes it — without Intl. The first number a page formats through Intl
 * loads the locale's data: 55–120 ms on a desktop, four times that on a phone, in the middle of
 * drawing the dashboard's home, whose figures are counts (decision 096). Anything but a safe
 * integer goes to Intl as before.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-IN');
  const digits = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  if (digits.length <= 3) return `${sign}${digits}`;
  // The last three digits, then pairs: 1,23,45,678.
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${head},${digits.slice(-3)}`;
}
