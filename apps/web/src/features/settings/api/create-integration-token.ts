import { one } from '@adloop/contract/common';
import {
  type IntegrationTokenCreate,
  integrationTokenCreatedSchema,
  integrationTokenCreateSchema,
} from '@adloop/contract/integration-tokens';
import { INTEGRATION_TOKEN_CHANGES } from '@/features/settings/api/get-integration-tokens';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const createdResponseSchema = one(integrationTokenCreatedSchema);

/** Creates a token; the answer's `token` is its secret, which the server never shows again. */
export async function createIntegrationToken(input: IntegrationTokenCreate) {
  const body = await http.post<unknown>('/api/integration-tokens', integrationTokenCreateSchema.parse(input));
  return createdResponseSchema.parse(body).data;
}

export const useCreateIntegrationToken = () =>
  useResourceMutation({ mutationFn: createIntegrationToken, changes: INTEGRATION_TOKEN_CHANGES });
