import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, isRange, presetRange, type RangePreset } from '@/components/report-filters/date-range';

/**
 * The date range of a report page, kept in the address bar (`from`, `to`) so a view can be
 * shared and restored with Back. Without them the page shows `fallback`: a preset, or all
 * time when null.
 */
export function useDateRangeParam(fallback: RangePreset | null) {
  const [searchParams, setSearchParams] = useSearchParams();
  const from = searchParams.get('from') ?? undefined;
  const to = searchParams.get('to') ?? undefined;

  const range = useMemo<DateRange | null>(() => {
    const candidate = { from, to };
    if (isRange(candidate)) return candidate;
    return fallback ? presetRange(fallback) : null;
  }, [from, to, fallback]);

  const setRange = useCallback(
    (next: DateRange | null) => {
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        params.delete('cursor');
        params.delete('page');
        if (next) {
          params.set('from', next.from);
          params.set('to', next.to);
        } else {
          params.delete('from');
          params.delete('to');
        }
        return params;
      });
    },
    [setSearchParams],
  );

  return { range, setRange };
}
