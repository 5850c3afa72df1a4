import { describe, expect, it } from 'vitest';
import { lsnValue } from './read-replica.ts';

describe('lsnValue', () => {
  it('orders WAL positions as PostgreSQL does: the part before the slash first, both hexadecimal', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    // Text order would put 9 after A; the numbers do not.
    expect(lsnValue('0/9FFFFFF') < lsnValue('0/A000000')).toBe(true);
  });
});
