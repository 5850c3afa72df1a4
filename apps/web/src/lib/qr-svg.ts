import { encode } from 'uqr';

/**
 * A QR code as one SVG path of its dark modules, in module units, with its side length
 * (quiet zone included). Imported lazily: only a screen showing a variant with a link, or the
 * dashboard's variant preview, needs the encoder.
 */
export function qrPath(text: string, quietZone = 2): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quietZone} ${y + quietZone}h1v1h-1z`;
    });
  });
  return { size: size + quietZone * 2, path };
}
