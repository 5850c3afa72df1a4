import { groupPairingCode, PAIRING_CODE_TTL_SECONDS } from '@adloop/contract/pairing-code';
import type { ScreenSession } from '@adloop/contract/screen';
import { Loader2Icon, SmartphoneIcon } from 'lucide-react';
import { QrCode } from '@/components/qr-code';
import { useScreenPairing } from '@/features/display/hooks/use-screen-pairing';
import { goTo } from '@/features/display/lib/screen-location';
import { signInScreen } from '@/features/display/lib/screen-session-store';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

/** Where a phone claims this code: the dashboard's pair page, the code filled in. */
export function pairingUrl(code: string): string {
  return `${window.location.origin}${paths.pairScreen.getHref({ code })}`;
}

/** Spec §4's success, as after a passcode sign-in: the session is kept and the display opens. */
function startPlaying(session: ScreenSession) {
  toast.success('Screen authentication successful!');
  signInScreen(session);
  goTo(paths.screenDisplay.getHref(session.screen_code), { replace: true });
}

function PairingCode({ code }: { code: string }) {
  const url = pairingUrl(code);
  return (
    <div className="flex w-full flex-col gap-6">
      <div className="flex flex-col items-center gap-1 min-[720px]:items-start">
        <p className="text-sm text-muted-foreground">Pairing code</p>
        <p
          data-testid="pairing-code"
          data-code={code}
          className="font-mono text-[clamp(2.75rem,4.5vw,5.5rem)] leading-none font-semibold tracking-[0.12em] whitespace-nowrap text-foreground"
        >
          {groupPairingCode(code)}
        </p>
      </div>
      <div className="flex flex-col items-center gap-5 min-[720px]:flex-row">
        <figure className="m-0 shrink-0 rounded-2xl bg-white p-3 shadow-xl ring-1 ring-black/10">
          <QrCode
            text={url}
            label="QR code that opens the pairing page with this code"
            className="block size-[clamp(8rem,22vh,14rem)]"
          />
        </figure>
        <p className="max-w-xs text-center text-sm text-balance text-muted-foreground min-[720px]:text-left min-[720px]:text-base">
          Scan the QR code with a phone signed in to AdLoop, or open{' '}
          <span className="font-medium break-words text-foreground">
            {window.location.host}
            {paths.pairScreen.getHref()}
          </span>{' '}
          and enter the code.
        </p>
      </div>
    </div>
  );
}

/**
 * "Pair this screen" (decision 088): a new display shows a short code and its QR code; staff claim
 * it from a phone, and the display starts playing on its own, with nobody at the screen.
 */
export function ScreenPairingPanel() {
  const pairing = useScreenPairing(startPlaying);

  return (
    <section
      aria-labelledby="pair-title"
      className="flex flex-col gap-6 rounded-2xl border bg-card/80 p-6 shadow-2xl backdrop-blur-xl min-[720px]:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/15 ring-1 ring-primary/30">
          <SmartphoneIcon className="size-5 text-primary" aria-hidden="true" />
        </span>
        <h2 id="pair-title" className="text-xl font-semibold tracking-tight">
          Pair this screen
        </h2>
      </div>
      <div aria-live="polite" className="flex min-h-[clamp(14rem,34vh,22rem)] items-center justify-center">
        {pairing.state === 'showing' ? (
          <PairingCode code={pairing.code} />
        ) : pairing.state === 'unavailable' ? (
          <p role="status" className="max-w-sm text-center text-sm text-muted-foreground">
            No pairing code yet: {pairing.message} Trying again shortly; the screen ID and passcode work meanwhile.
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            {pairing.state === 'paired' ? 'Paired. Starting to play...' : 'Getting a pairing code...'}
          </p>
        )}
      </div>
      <p className="text-center text-xs text-muted-foreground min-[720px]:text-left">
        The screen starts playing by itself once paired. A new code appears every{' '}
        {Math.round(PAIRING_CODE_TTL_SECONDS / 60)} minutes.
      </p>
    </section>
  );
}
