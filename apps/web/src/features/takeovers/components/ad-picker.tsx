import type { Ad } from '@adloop/contract/ads';
import { useQuery } from '@tanstack/react-query';
import { FilmIcon } from 'lucide-react';
import { useState } from 'react';
import { SearchBox } from '@/components/search-box';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { adOptions } from '@/lib/resources/ads';
import { cn } from '@/lib/utils';

function AdThumb({ ad }: { ad: Ad }) {
  return (
    <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted ring-1 ring-border">
      {ad.type === 'IMAGE' ? (
        <img src={ad.media_url} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        <FilmIcon className="size-5 text-muted-foreground" aria-hidden="true" />
      )}
    </div>
  );
}

/** One active ad to show full-screen, searched by title. */
export function AdPicker({
  value,
  onChange,
  invalid,
}: {
  value: string | undefined;
  onChange: (ad: Ad) => void;
  invalid?: boolean;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // Active ads the caller may put on screens (outlet staff: those that play on their screens).
  const ads = useQuery(adOptions({ q, status: 'ACTIVE' }));

  return (
    <div className="grid gap-2">
      <SearchBox label="Search active ads" placeholder="Search active ads" value={search} onChange={setSearch} />
      <div
        role="radiogroup"
        aria-label="Ad to show"
        className={cn(
          'max-h-72 overflow-y-auto rounded-lg border',
          invalid && 'border-destructive ring-[3px] ring-destructive/20',
        )}
      >
        {ads.isLoading ? (
          <div className="grid gap-2 p-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : null}
        {ads.data?.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">
            {q ? `No active ad matches “${q}”.` : 'No active ads to show.'}
          </p>
        ) : null}
        {ads.data?.map((ad) => (
          <label
            key={ad.id}
            className={cn(
              'flex cursor-pointer items-center gap-3 border-b px-3 py-2 last:border-b-0 hover:bg-accent/50',
              value === ad.id && 'bg-primary/5 ring-1 ring-primary/40 ring-inset',
            )}
          >
            <input
              type="radio"
              name="takeover-ad"
              className="size-4 accent-primary"
              checked={value === ad.id}
              onChange={() => onChange(ad)}
            />
            <AdThumb ad={ad} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium">{ad.title}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {ad.company.name} · {ad.type === 'VIDEO' ? 'Video' : `Image, ${ad.duration_seconds ?? 5} s`}
              </span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
