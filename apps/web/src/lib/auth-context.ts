import type { CurrentUser } from '@adloop/contract/auth';
import { createContext, useContext } from 'react';

/**
 * The staff session as every part of the app reads it. The provider lives in features/auth;
 * the context sits here in shared code so that other features and layouts can read the
 * signed-in user without importing the auth feature.
 */
export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

export type SignInResult = { token: string; user: CurrentUser; expires_at: string; password_change_token?: string };

export type Auth = {
  user: CurrentUser;
  token: string | null;
  status: AuthStatus;
  /** True after the user chose Log out, so guards send them to /login without a page to return to. */
  loggedOut: boolean;
  /**
   * Held in memory from a sign-in with a temporary password: lets the first-sign-in step set the
   * new password without asking for the temporary one again (decision 089); null otherwise.
   */
  passwordChangeToken: string | null;
  signIn: (result: SignInResult) => void;
  /** Replaces the signed-in user after the server changed it (profile saved, password changed). */
  setUser: (user: CurrentUser) => void;
  logout: () => void;
};

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider.');
  return auth;
}
