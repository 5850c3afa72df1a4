import { one } from '@adloop/contract/common';
import {
  userCreatedSchema,
  userCreateSchema,
  userInvitedSchema,
  userListQuerySchema,
  userPasswordResetSchema,
  userSchema,
  userUpdateSchema,
} from '@adloop/contract/users';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { defineResource } from '@/lib/resources/define-resource';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

export type UserListQuery = z.output<typeof userListQuerySchema>;

/** Staff accounts (/api/users); a create answers the temporary password once, or says an invitation was e-mailed. */
export const userResource = defineResource({
  name: 'users',
  path: '/api/users',
  entity: userSchema,
  listQuery: userListQuerySchema,
  create: userCreateSchema,
  created: userCreatedSchema,
  update: userUpdateSchema,
});

const resetSchema = one(userPasswordResetSchema);
const invitedSchema = one(userInvitedSchema);

/** A new temporary password for a user, answered once; their sessions end. */
export async function resetUserPassword(id: string) {
  return resetSchema.parse(await http.post<unknown>(`${userResource.pathOf(id)}/reset-password`)).data;
}

export function useResetUserPassword() {
  return useResourceMutation({
    mutationFn: resetUserPassword,
    changes: [],
    settle: (queryClient, { user }) => queryClient.setQueryData(userResource.keys.detail(user.id), user),
  });
}

/** A new invitation link e-mailed to a user who has not chosen a password yet; the older link stops working (decision 089). */
export async function resendInvitation(id: string) {
  return invitedSchema.parse(await http.post<unknown>(`${userResource.pathOf(id)}/invitation`)).data;
}

export function useResendInvitation() {
  return useResourceMutation({
    mutationFn: resendInvitation,
    changes: [],
    settle: (queryClient, { user }) => queryClient.setQueryData(userResource.keys.detail(user.id), user),
  });
}
