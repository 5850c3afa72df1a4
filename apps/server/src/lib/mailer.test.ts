import { describe, expect, it } from 'vitest';
import { senderNamed } from './mailer.ts';

describe('senderNamed', () => {
  it('keeps the address and gives it the name', () => {
    expect(senderNamed('AdLoop', 'AdLoop alerts <alerts@adloop.app>')).toBe('AdLoop <alerts@adloop.app>');
    expect(senderNamed('AdLoop', 'ops@cafe.example')).toBe('AdLoop <ops@cafe.example>');
  });
});
