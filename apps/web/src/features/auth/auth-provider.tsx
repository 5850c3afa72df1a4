import type { CurrentUser } from '@adloop/contract/auth';
import { SIGNED_OUT_USER } from '@adloop/contract/auth-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { logoutSession } from '@/features/auth/api/logout';
import { verifyQueryKey, verifyQueryOptions } from '@/features/auth/api/verify';
import { type Auth, AuthContext, type AuthStatus, type SignInResult } from '@/lib/auth-context';
import { onStaffSessionRefused } from '@/lib/http';
import { paths } from '@/lib/paths';
import { clearUserToken, readUserToken, storeUserToken } from '@/lib/user-token';

/** Holds the staff session (spec §4): verifies a stored token on open, signs in and logs out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState(readUserToken);
  const [loggedOut, setLoggedOut] = useState(false);
  const [passwordChangeToken, setPasswordChangeToken] = useState<string | null>(null);
  const verify = useQuery(verifyQueryOptions(token));

  // A stored token the server no longer accepts ends the session.
  useEffect(() => {
    if (token !== null && verify.isError) {
      clearUserToken();
      setToken(null);
    }
  }, [token, verify.isError]);

  // A 401 on any staff call re-checks the session; if it has ended, the effect above signs out
  // and the protection wrapper sends the user to /login.
  useEffect(
    () =>
      onStaffSessionRefused(() => {
        if (token !== null) void queryClient.invalidateQueries({ queryKey: verifyQueryKey(token) });
      }),
    [queryClient, token],
  );

  const signIn = useCallback(
    (result: SignInResult) => {
      storeUserToken(result.token, result.expires_at);
      queryClient.setQueryData(verifyQueryKey(result.token), { user: result.user });
      setLoggedOut(false);
      setPasswordChangeToken(result.password_change_token ?? null);
      setToken(result.token);
    },
    [queryClient],
  );

  const setUser = useCallback(
    (user: CurrentUser) => queryClient.setQueryData(verifyQueryKey(token), { user }),
    [queryClient, token],
  );

  const logout = useCallback(() => {
    if (token !== null) void logoutSession(token);
    clearUserToken();
    setLoggedOut(true);
    setPasswordChangeToken(null);
    setToken(null);
    // Nothing fetched for this user may be shown to the next one.
    queryClient.clear();
    navigate(paths.login.getHref(), { replace: true });
  }, [navigate, queryClient, token]);

  const status: AuthStatus =
    token === null || verify.isError ? 'unauthenticated' : verify.isSuccess ? 'authenticated' : 'checking';

  const value = useMemo<Auth>(
    () => ({
      user: status === 'authenticated' && verify.data ? verify.data.user : SIGNED_OUT_USER,
      token: status === 'authenticated' ? token : null,
      status,
      loggedOut,
      passwordChangeToken: status === 'authenticated' ? passwordChangeToken : null,
      signIn,
      setUser,
      logout,
    }),
    [status, verify.data, token, loggedOut, passwordChangeToken, signIn, setUser, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
