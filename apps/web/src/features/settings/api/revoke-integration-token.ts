import { one } from '@adloop/contract/common';
import { integrationTokenSchema } from '@adloop/contract/integration-tokens';
import { INTEGRATION_TOKEN_CHANGES } from '@/features/settings/api/get-integration-tokens';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const tokenResponseSchema = one(integrationTokenSchema);

/** Revokes a token: its next request is refused; its record of uses stays. */
export async function revokeIntegrationToken(id: string) {
  const body = await http.post<unknown>(`/api/integration-tokens/${encodeURIComponent(id)}/revoke`);
  return tokenResponseSchema.parse(body).data;
}

export const useRevokeIntegrationToken = () =>
  useResourceMutation({ mutationFn: revokeIntegrationToken, changes: INTEGRATION_TOKEN_CHANGES });
