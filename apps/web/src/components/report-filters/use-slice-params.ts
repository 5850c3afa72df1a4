import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SLICE_KEYS, type Slice, type SliceKey } from '@/components/report-filters/slice-filters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A report's slice (company, outlet, screen, ad) in the address bar; a value that is no id is ignored. */
export function useSliceParams(keys: readonly SliceKey[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const signature = keys.map((key) => `${key}=${searchParams.get(key) ?? ''}`).join('&');

  const slice = useMemo<Slice>(() => {
    const params = new URLSearchParams(signature);
    const next: Slice = {};
    for (const key of SLICE_KEYS) {
      const value = params.get(key);
      if (value && UUID.test(value)) next[key] = value;
    }
    return next;
  }, [signature]);

  const setSlice = useCallback(
    (key: SliceKey, value: string | undefined) => {
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        params.delete('cursor');
        params.delete('page');
        if (value) params.set(key, value);
        else params.delete(key);
        // A screen belongs to one outlet and an ad to one company: a new parent clears the child.
        if (key === 'outlet_id') params.delete('screen_id');
        if (key === 'company_id') params.delete('ad_id');
        return params;
      });
    },
    [setSearchParams],
  );

  const clear = useCallback(() => {
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      for (const key of SLICE_KEYS) params.delete(key);
      return params;
    });
  }, [setSearchParams]);

  return { slice, setSlice, clear, hasSlice: Object.keys(slice).length > 0 };
}
