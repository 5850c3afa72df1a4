import { QrCode } from '@/components/qr-code';

/** Where a scan of this screen's code lands: counted by `/r/:code`, then redirected to the offer. */
export function trackedLinkUrl(code: string, screenCode: string): string {
  return `${window.location.origin}/r/${encodeURIComponent(code)}?s=${encodeURIComponent(screenCode)}`;
}

/**
 * The QR code of the variant on screen (decision 034), bottom left above the caption, on a
 * white card whose padding adds to the code's quiet zone. Drawn on the device, so it shows
 * offline too.
 */
export function VariantQrCode({ code, screenCode }: { code: string; screenCode: string }) {
  const text = trackedLinkUrl(code, screenCode);
  return (
    <figure
      data-testid="variant-qr"
      data-url={text}
      // Never dimmed with the caption: a phone must read it from across the room.
      className="pointer-events-none absolute bottom-36 left-4 z-20 m-0 flex flex-col items-center gap-1.5 rounded-2xl bg-white p-3 shadow-2xl ring-1 ring-black/10 min-[720px]:bottom-24 min-[720px]:left-6"
    >
      <QrCode text={text} label="QR code for the offer" className="block size-[clamp(6.5rem,18vh,13.5rem)]" />
      <figcaption className="text-center text-[clamp(0.75rem,1.6vh,1.125rem)] font-semibold tracking-tight text-neutral-900">
        Scan for the offer
      </figcaption>
    </figure>
  );
}
