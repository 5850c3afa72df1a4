import { Loader2Icon, MonitorPlayIcon, WifiIcon } from 'lucide-react';
import { OfflineNotice } from '@/components/offline-notice';
import { HomeLink } from '@/features/display/components/home-link';
import { Redirect } from '@/features/display/components/redirect';
import { ScreenConnectForm } from '@/features/display/components/screen-connect-form';
import { ScreenPairingPanel } from '@/features/display/components/screen-pairing-panel';
import { useScreenSession } from '@/features/display/hooks/use-screen-session';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { paths } from '@/lib/paths';

/** /ad/screen: pairs a display from a phone (decision 088), or signs it in with its screen ID and passcode (spec §2). */
export function ScreenConnectPage() {
  const { status, session } = useScreenSession();
  const online = useOnlineStatus();

  // Spec §2: a screen already signed in goes straight to its ads.
  if (status === 'authenticated' && session) return <Redirect to={paths.screenDisplay.getHref(session.screen_code)} />;

  return (
    <main className="dark relative flex min-h-svh flex-col overflow-hidden bg-zinc-950 text-foreground">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-primary/25 blur-3xl"
      />
      <header className="relative flex items-center justify-between p-6 min-[720px]:px-10">
        {/* Plain links: the player's document has no router, and these pages' code is not the player's. */}
        <HomeLink />
        <a
          href={paths.login.getHref()}
          className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Staff sign-in
        </a>
      </header>
      <div className="relative flex flex-1 flex-col items-center justify-center gap-8 px-4 pb-10 min-[720px]:px-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary/15 ring-1 ring-primary/30">
            <MonitorPlayIcon className="size-6 text-primary" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight min-[720px]:text-3xl">Connect this screen</h1>
          <p className="max-w-xl text-sm text-balance text-muted-foreground">
            Pair it from a phone, or sign it in with its screen ID and passcode. Ads start playing full-screen right
            away.
          </p>
        </div>
        {status === 'checking' ? (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Checking this screen's session...
          </p>
        ) : (
          <div className="grid w-full max-w-md gap-6 min-[1100px]:max-w-6xl min-[1100px]:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
            <ScreenPairingPanel />
            <section
              aria-labelledby="connect-title"
              className="rounded-2xl border bg-card/80 p-6 shadow-2xl backdrop-blur-xl min-[720px]:p-8"
            >
              <div className="mb-6 flex flex-col gap-2">
                <h2 id="connect-title" className="text-xl font-semibold tracking-tight">
                  Sign in by hand
                </h2>
                <p className="text-sm text-balance text-muted-foreground">
                  Enter the screen ID and 6-digit passcode from your outlet admin.
                </p>
              </div>
              <ScreenConnectForm />
            </section>
          </div>
        )}
      </div>
      <footer className="relative flex items-center justify-center gap-2 px-6 pb-6 text-xs text-muted-foreground">
        <WifiIcon className="size-3.5" aria-hidden="true" />
        Once connected, the screen keeps playing through network outages.
      </footer>
      {/* The web app's notice (spec §2); the display shows a small badge instead and plays on (docs/design.md §6). */}
      {online ? null : <OfflineNotice />}
    </main>
  );
}
