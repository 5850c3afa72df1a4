import { screenPayoutCreateSchema, screenPayoutListQuerySchema, screenPayoutSchema } from '@adloop/contract/billing';
import { z } from 'zod';
import { defineResource } from '@/lib/resources/define-resource';

/** What outlets earn per screen (/api/screen-payout); a create answers one payout per screen. */
export const screenPayoutResource = defineResource({
  name: 'screen-payouts',
  path: '/api/screen-payout',
  entity: screenPayoutSchema,
  listQuery: screenPayoutListQuerySchema,
  create: screenPayoutCreateSchema,
  created: z.array(screenPayoutSchema),
});
