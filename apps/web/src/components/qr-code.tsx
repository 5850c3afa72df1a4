import { useEffect, useState } from 'react';

type QrShape = { text: string; size: number; path: string };

/**
 * A QR code drawn on the device as SVG (dark modules on white, quiet zone included), so it
 * works offline. The encoder is imported on first use, so pages without a code never load it.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const [qr, setQr] = useState<QrShape | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('@/lib/qr-svg')
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
    <svg
      role="img"
      aria-label={label}
      data-qr-text={text}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
