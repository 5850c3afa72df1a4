import type { Ad } from '@adloop/contract/ads';
import { describe, expect, it } from 'vitest';
import { editSummary } from '@/features/ads/hooks/use-ad-commands';

const withEdit = (changes: Array<'title' | 'media_url' | 'duration_seconds'>, variants: number) =>
  ({
    revision: {
      status: 'PENDING',
      changes: changes.map((field) => ({ field, from: null, to: null })),
      variants,
      rejection_reason: null,
      submitted_by: null,
      submitted_at: '2026-11-27T10:00:00.000Z',
      reviewed_at: null,
    },
  }) as unknown as Ad;

describe('what an edit awaiting review changes, in the approval’s words', () => {
  it('names each changed field and the variants', () => {
    expect(editSummary(withEdit(['title'], 0))).toBe('the title');
    expect(editSummary(withEdit(['title', 'media_url'], 0))).toBe('the title and the media');
    expect(editSummary(withEdit(['title', 'media_url', 'duration_seconds'], 2))).toBe(
      'the title, the media, the duration and 2 variants',
    );
    expect(editSummary(withEdit([], 1))).toBe('1 variant');
  });
});
