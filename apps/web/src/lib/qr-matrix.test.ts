import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from '@/lib/qr-matrix';

/** uqr (a port of Project Nayuki's encoder) in the same mode, level and mask rule is the reference. */
const reference = (text: string) =>
  encode(Array.from(new TextEncoder().encode(text)), { ecc: 'M', border: 0, boostEcc: false }).data;

describe('the QR encoder', () => {
  it.each([
    ['the pairing link of a local screen', 'http://localhost:8080/dashboard/pair?code=ABC234'],
    ['the pairing link of a deployment', 'https://screens.cafe-adloop.example.in/dashboard/pair?code=XY7Q9Z'],
    ['a tracked offer link', 'https://adloop.example/r/summer-deal?s=DEMO-SCREEN-01'],
    ['one byte', 'a'],
    ['the empty text', ''],
    ['text beyond ASCII', 'Café ☕ — ₹99 offer'],
  ])('draws %s exactly as the reference does', (_name, text) => {
    expect(qrMatrix(text)).toEqual(reference(text));
  });

  // Lengths across the versions: 1–9 (8-bit count), 10 and up (16-bit count), 7 and up (version
  // information), 32 (its own alignment step) and 40, the largest.
  it.each([14, 15, 84, 122, 154, 213, 331, 504, 779, 1000, 1370, 1500, 2331])(
    'matches the reference with %i bytes',
    (length) => {
      const text = Array.from({ length }, (_, i) => 'adloop/pair?'[i % 12]).join('');
      const rows = (matrix: boolean[][]) => matrix.map((row) => row.map(Number).join(''));
      expect(rows(qrMatrix(text))).toEqual(rows(reference(text)));
    },
    30_000,
  );

  it('refuses text too long for any version', () => {
    expect(() => qrMatrix('x'.repeat(2332))).toThrow(RangeError);
  });
});
