// @vitest-environment jsdom
import { screen as page, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchivedPlaysNotice } from '@/features/logs/components/archived-plays-notice';

describe('the archived plays notice', () => {
  it('names each archived month, its file and, when told, its plays', () => {
    render(
      <ArchivedPlaysNotice
        archived={[
          { month: '2025-01', file: 'archive/playback_logs/2025-01.csv.gz', rows: 123_456 },
          { month: '2025-02', file: 'archive/playback_logs/2025-02.csv.gz', rows: null },
        ]}
      />,
    );
    expect(
      page.getByText('Plays of January 2025 are archived in archive/playback_logs/2025-01.csv.gz, 1,23,456 plays'),
    ).toBeTruthy();
    expect(page.getByText('Plays of February 2025 are archived in archive/playback_logs/2025-02.csv.gz')).toBeTruthy();
  });

  it('says nothing when no month of the period is archived', () => {
    const { container } = render(<ArchivedPlaysNotice archived={[]} />);
    expect(container.textContent).toBe('');
  });
});
