import type { ScreenSession } from '@adloop/contract/screen';
import { lazy, Suspense } from 'react';
import { AdPlayer } from '@/features/display/components/ad-player';
import { DisplayLoading } from '@/features/display/components/display-loading';
import { NoAdsAvailable } from '@/features/display/components/no-ads-available';
import { useOfflinePlayer } from '@/features/display/hooks/use-offline-player';
import { usePlayLog } from '@/features/display/hooks/use-play-log';
import { useScheduledAds } from '@/features/display/hooks/use-scheduled-ads';
import { useScreenActivity } from '@/features/display/hooks/use-screen-activity';
import { useScreenAds } from '@/features/display/hooks/use-screen-ads';
import { useScreenEvents } from '@/features/display/hooks/use-screen-events';
import { useSessionRenewal } from '@/features/display/hooks/use-session-renewal';
import { useTakeover } from '@/features/display/hooks/use-takeover';
import { goTo, SCREEN_CONNECT_PATH } from '@/features/display/lib/screen-location';
import { signOutScreen } from '@/features/display/lib/screen-session-store';

// A takeover is rare: its code loads when one comes (the service worker keeps it for offline play).
const TakeoverLayer = lazy(() =>
  import('@/features/display/components/takeover-layer').then((m) => ({ default: m.TakeoverLayer })),
);

/** A signed-in screen: its ads, their plays, its activity, and the way out. */
export function ScreenPlayer({ session, screenId }: { session: ScreenSession; screenId: string }) {
  const { ads, reload } = useScreenAds();
  const playing = useScheduledAds(ads);
  const runUnloadHandler = useScreenActivity(session);
  const logPlay = usePlayLog(session);
  const { takeover, reload: reloadTakeover } = useTakeover(session.screen_id);
  // A pulled ad may end an ad takeover too, so an ad change asks for both.
  useScreenEvents(() => {
    reload();
    reloadTakeover();
  }, reloadTakeover);
  // The takeover's ad is kept for offline play beside the loop's (once the loop's list is known:
  // the media cache forgets files missing from the list it is given).
  useOfflinePlayer(takeover?.ad && ads ? [...ads, takeover.ad] : ads, reload);
  useSessionRenewal();

  // Spec §4: Exit and Return Back log out after the unload handler has saved the offline record.
  const logOut = () => {
    runUnloadHandler();
    signOutScreen();
    goTo(SCREEN_CONNECT_PATH, { replace: true });
  };

  // An emergency takeover replaces the loop, which logs nothing while hidden and starts again after (decision 035).
  if (takeover) {
    return (
      <Suspense fallback={null}>
        <TakeoverLayer takeover={takeover} session={session} logPlay={logPlay} onExit={logOut} />
      </Suspense>
    );
  }
  if (playing === null) return <DisplayLoading screenId={screenId} />;
  if (playing.length === 0) return <NoAdsAvailable onReturn={logOut} />;
  return <AdPlayer ads={playing} session={session} logPlay={logPlay} onExit={logOut} />;
}
