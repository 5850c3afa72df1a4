import { describe, expect, it } from 'vitest';
import { PASSCODE_PATTERN, PINCODE_PATTERN } from './formats.ts';

describe('formats', () => {
  it('a passcode is exactly six digits', () => {
    expect(PASSCODE_PATTERN.test('135790')).toBe(true);
    for (const text of ['12345', '1234567', '12a456', ' 123456', '']) expect(PASSCODE_PATTERN.test(text)).toBe(false);
  });

  it('a pincode is six digits', () => {
    expect(PINCODE_PATTERN.test('560001')).toBe(true);
    for (const text of ['56000', '5600011', '56O001']) expect(PINCODE_PATTERN.test(text)).toBe(false);
  });
});
