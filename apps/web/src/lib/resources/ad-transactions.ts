import {
  adTransactionCreateSchema,
  adTransactionListQuerySchema,
  adTransactionSchema,
  adTransactionUpdateSchema,
} from '@adloop/contract/billing';
import { defineResource } from '@/lib/resources/define-resource';

/** Payments advertisers make (/api/ad-transaction); their totals and spend live under the same key. */
export const adTransactionResource = defineResource({
  name: 'ad-transactions',
  path: '/api/ad-transaction',
  entity: adTransactionSchema,
  listQuery: adTransactionListQuerySchema,
  create: adTransactionCreateSchema,
  update: adTransactionUpdateSchema,
});
