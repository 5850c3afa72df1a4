import { describe, expect, it } from 'vitest';
import { lsnValue } from './read-replica.ts';

describe('lsnValue', () => {
  it('orders WAL positions as PostgreSQL does: the part before the slash first, both hexadecimal', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    // Text would put 0/A after 0/10 (PostgreSQL writes no leading zeros); the numbers do not.
    expect(lsnValue('0/A') < lsnValue('0/10')).toBe(true);
    expect(lsnValue('A/0') < lsnValue('10/0')).toBe(true);
  });
});
