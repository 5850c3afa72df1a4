import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

type QrShape = { text: string; size: number; path: string };

/** Where a scan of this screen's code lands: counted by `/r/:code`, then redirected to the offer. */
export function trackedLinkUrl(code: string, screenCode: string): string {
  return `${window.location.origin}/r/${encodeURIComponent(code)}?s=${encodeURIComponent(screenCode)}`;
}

/**
 * The QR code of the variant on screen (decision 034), bottom left above the caption, on a
 * white card whose padding is the quiet zone. Drawn on the device, so it shows offline too; the
 * encoder is fetched only when a variant with a link first plays.
 */
export function VariantQrCode({ code, screenCode, dimmed }: { code: string; screenCode: string; dimmed: boolean }) {
  const text = trackedLinkUrl(code, screenCode);
  const [qr, setQr] = useState<QrShape | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('@/features/display/lib/qr-svg')
      .then(({ qrPath }) => {
        if (!cancelled) setQr({ text, ...qrPath(text) });
      })
      .catch((error: unknown) => console.warn('The QR code could not be drawn', error));
    return () => {
      cancelled = true;
    };
  }, [text]);

  if (qr?.text !== text) return null;
  return (
    <figure
      data-testid="variant-qr"
      data-url={text}
      className={cn(
        'pointer-events-none absolute bottom-36 left-4 z-20 m-0 flex flex-col items-center gap-1.5 rounded-2xl bg-white p-3 shadow-2xl ring-1 ring-black/10 transition-opacity duration-300 min-[720px]:bottom-24 min-[720px]:left-6',
        dimmed ? 'opacity-90' : 'opacity-100',
      )}
    >
      <svg
        role="img"
        aria-label="QR code for the offer"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
        className="block size-[clamp(6.5rem,18vh,13.5rem)]"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <figcaption className="text-center text-[clamp(0.75rem,1.6vh,1.125rem)] font-semibold tracking-tight text-neutral-900">
        Scan for the offer
      </figcaption>
    </figure>
  );
}
