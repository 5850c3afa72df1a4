/**
 * The arithmetic of a payout, in integer minor units only (DESIGN §4):
 *   gross      = plays × rate
 *   commission = gross × commission_bps / 10,000, rounded half up to a whole minor unit
 *   amount     = gross − commission
 * Rounding once, on the commission, keeps gross = commission + amount exact on every line.
 */
export function payoutWorking(plays: number, rateMinor: number, commissionBps: number) {
  const gross = BigInt(plays) * BigInt(rateMinor);
  const commission = (gross * BigInt(commissionBps) + 5000n) / 10000n;
  return {
    gross_minor: Number(gross),
    commission_minor: Number(commission),
    amount_minor: Number(gross - commission),
  };
}

export const ROUNDING_RULE =
  'gross = plays × rate; commission = gross × commission % rounded half up to the paisa; payout = gross − commission';
