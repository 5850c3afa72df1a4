import type { Screen } from '@adloop/contract/screens';
import { TAKEOVER_MAX_SCREENS } from '@adloop/contract/takeovers';
import { MonitorIcon } from 'lucide-react';
import { useState } from 'react';
import { SearchBox } from '@/components/search-box';
import { Skeleton } from '@/components/ui/skeleton';
import { groupByOutlet } from '@/features/takeovers/lib/screen-groups';
import { cn } from '@/lib/utils';

type ScreenPickerProps = {
  screens: Screen[] | undefined;
  loading: boolean;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  invalid?: boolean;
};

function OnlineDot({ online }: { online: boolean }) {
  return (
    <span className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
      <span
        className={cn('inline-flex size-2 rounded-full', online ? 'bg-emerald-500' : 'bg-muted-foreground/40')}
        aria-hidden="true"
      />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

/** Screens grouped by outlet, with a search and "all of this outlet" for each group. */
export function ScreenPicker({ screens, loading, selected, onChange, invalid }: ScreenPickerProps) {
  const [search, setSearch] = useState('');
  const groups = groupByOutlet(screens ?? [], search);

  const setMany = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };

  if (loading) {
    return (
      <div className="grid gap-2">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (!screens || screens.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No enabled screens to take over yet.
      </p>
    );
  }

  return (
    <div className="grid gap-2">
      <SearchBox label="Search screens" placeholder="Search screens or outlets" value={search} onChange={setSearch} />
      <div
        className={cn(
          'max-h-80 overflow-y-auto rounded-lg border',
          invalid && 'border-destructive ring-[3px] ring-destructive/20',
        )}
      >
        {groups.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">No screen matches “{search}”.</p>
        ) : null}
        {groups.map((group) => {
          const ids = group.screens.map((screen) => screen.id);
          const chosen = ids.filter((id) => selected.has(id)).length;
          const all = chosen === ids.length;
          return (
            <fieldset key={group.outlet.id} className="border-b last:border-b-0">
              <legend className="sr-only">{group.outlet.name}</legend>
              <label className="sticky top-0 z-10 flex cursor-pointer items-center gap-3 bg-muted/70 px-3 py-2 backdrop-blur">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={all}
                  ref={(element) => {
                    if (element) element.indeterminate = chosen > 0 && !all;
                  }}
                  onChange={() => setMany(ids, !all)}
                  aria-label={`All screens of ${group.outlet.name}`}
                />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{group.outlet.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {chosen > 0 ? `${chosen} of ${ids.length}` : `${ids.length} screen${ids.length === 1 ? '' : 's'}`}
                </span>
              </label>
              <ul>
                {group.screens.map((screen) => (
                  <li key={screen.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-accent/50">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={selected.has(screen.id)}
                        onChange={(event) => setMany([screen.id], event.target.checked)}
                      />
                      <MonitorIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-mono text-sm">{screen.screen_code}</span>
                        {screen.name ? (
                          <span className="block truncate text-xs text-muted-foreground">{screen.name}</span>
                        ) : null}
                      </span>
                      <OnlineDot online={screen.is_online} />
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
      <p className="text-xs text-muted-foreground">
        {selected.size === 0
          ? `Choose the screens to take over (up to ${TAKEOVER_MAX_SCREENS}).`
          : `${selected.size} screen${selected.size === 1 ? '' : 's'} chosen.`}
      </p>
    </div>
  );
}
