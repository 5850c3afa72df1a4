import type { ReactNode } from 'react';
import { DisplayLoading } from '@/features/display/components/display-loading';
import { DisplayShell } from '@/features/display/components/display-shell';
import { Redirect } from '@/features/display/components/redirect';
import { ScreenIdNotFound } from '@/features/display/components/screen-id-not-found';
import { ScreenPlayer } from '@/features/display/components/screen-player';
import { useScreenSession } from '@/features/display/hooks/use-screen-session';
import { SCREEN_CONNECT_PATH, useScreenLocation } from '@/features/display/lib/screen-location';

function sameScreen(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** /ad/screen/display?screenId=CODE: the full-screen ad loop of a signed-in screen (spec §2). */
export function DisplayPage() {
  const { searchParams } = useScreenLocation();
  const screenId = searchParams.get('screenId')?.trim() ?? '';
  const { status, session } = useScreenSession();

  let content: ReactNode;
  if (!screenId) content = <ScreenIdNotFound />;
  else if (status === 'unauthenticated') return <Redirect to={SCREEN_CONNECT_PATH} />;
  else if (status === 'checking' || !session) content = <DisplayLoading screenId={screenId} />;
  // Opened for another screen than the one signed in on this device.
  else if (!sameScreen(session.screen_code, screenId)) content = <ScreenIdNotFound />;
  else content = <ScreenPlayer key={session.screen_id} session={session} screenId={screenId} />;

  return <DisplayShell>{content}</DisplayShell>;
}
