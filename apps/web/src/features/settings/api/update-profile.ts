import { currentUserSchema } from '@adloop/contract/auth';
import { one } from '@adloop/contract/common';
import { profileUpdateSchema } from '@adloop/contract/users';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useAuth } from '@/lib/auth-context';
import { http } from '@/lib/http';

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

const profileResponseSchema = one(z.object({ user: currentUserSchema }));

export async function updateProfile(changes: ProfileUpdate) {
  const body = await http.patch<unknown>('/api/auth/profile', profileUpdateSchema.parse(changes));
  return profileResponseSchema.parse(body).data.user;
}

/** Saving the profile refreshes the signed-in user everywhere it shows (sidebar, greeting). */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: updateProfile, onSuccess: setUser });
}
