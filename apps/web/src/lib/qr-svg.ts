import { qrMatrix } from '@/lib/qr-matrix';

/**
 * A QR code as one SVG path of its dark modules, in module units, with its side length
 * (quiet zone included). Imported lazily: only a screen showing a pairing code or a variant with a
 * link, or the dashboard's variant preview, needs the encoder.
 */
export function qrPath(text: string, quietZone = 2): { size: number; path: string } {
  const data = qrMatrix(text);
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quietZone} ${y + quietZone}h1v1h-1z`;
    });
  });
  return { size: data.length + quietZone * 2, path };
}
