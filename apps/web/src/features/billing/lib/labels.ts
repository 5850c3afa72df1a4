import type { PAYOUT_STATUSES, TRANSACTION_METHODS, TRANSACTION_STATUSES } from '@adloop/contract/billing';
import { DEFAULT_CURRENCY } from '@adloop/contract/formats';

export const METHOD_LABELS: Record<(typeof TRANSACTION_METHODS)[number], string> = {
  BANK_TRANSFER: 'Bank transfer',
  UPI: 'UPI',
  CARD: 'Card',
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  OTHER: 'Other',
  CREDIT: 'Credit (shortfall)',
};

export const TRANSACTION_STATUS_LABELS: Record<(typeof TRANSACTION_STATUSES)[number], string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

export const PAYOUT_STATUS_LABELS: Record<(typeof PAYOUT_STATUSES)[number], string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
};

/** Currencies offered on the forms; INR first, as the platform bills in rupees. */
export const CURRENCIES = [DEFAULT_CURRENCY, 'USD', 'EUR', 'GBP', 'AED', 'SGD'] as const;
