const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Money is integer paise everywhere; this is the only place it becomes a rupee string. */
export function formatRupees(paise: number, { whole = false }: { whole?: boolean } = {}) {
  return (whole ? wholeRupees : rupees).format(paise / 100);
}
