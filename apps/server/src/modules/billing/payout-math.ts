/**
 * The arithmetic of a payout, in integer minor units only (docs/design.md §4):
 *   gross      = the sum of the plays' prices by the rate card (decision 033)
 *   commission = gross × commission_bps / 10,000, rounded half up to a whole minor unit
 *   amount     = gross − commission
 * Rounding once, on the commission, keeps gross = commission + amount exact on every line.
 */
export function payoutWorking(grossMinor: number, commissionBps: number) {
  const gross = BigInt(grossMinor);
  const commission = (gross * BigInt(commissionBps) + 5000n) / 10000n;
  return {
    gross_minor: Number(gross),
    commission_minor: Number(commission),
    amount_minor: Number(gross - commission),
  };
}

/** The average price of a play, rounded half up: shown beside the plays, never used to compute. */
export function averagePrice(grossMinor: number, plays: number): number {
  if (plays === 0) return 0;
  return Number((BigInt(grossMinor) * 2n + BigInt(plays)) / (2n * BigInt(plays)));
}

export const ROUNDING_RULE =
  'gross = the sum of each play’s price on the rate card in force when it played (tier rate × peak multiplier, rounded half up to the paisa); commission = gross × commission % rounded half up to the paisa; payout = gross − commission';
