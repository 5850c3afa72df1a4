import type { AdCreate } from '@adloop/contract/ads';
import { can } from '@adloop/contract/permissions';
import { RadarIcon } from 'lucide-react';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { OptionPicker } from '@/components/option-picker';
import { TagInput } from '@/components/tag-input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useAdReach } from '@/features/ads/api/get-ad-reach';
import { ListInput } from '@/features/ads/components/list-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuth } from '@/lib/auth-context';
import { useOutletOptions } from '@/lib/resources/outlets';

const REACH_DEBOUNCE_MS = 400;
const PINCODE = /^\d{6}$/;

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "Reaches N screens in M outlets", asked again once the targeting stops changing. */
function ReachLine({ control }: { control: Control<AdCreate> }) {
  const targeting = useWatch({ control, name: 'targeting' });
  const settled = useDebouncedValue(
    {
      tags: targeting?.tags ?? [],
      outlet_ids: targeting?.outlet_ids ?? [],
      // Half-typed pincodes wait until they are whole rather than fail the count.
      pincodes: (targeting?.pincodes ?? []).filter((code) => PINCODE.test(code)),
      cities: targeting?.cities ?? [],
    },
    REACH_DEBOUNCE_MS,
  );
  const reach = useAdReach(settled);
  return (
    <p
      className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
      aria-live="polite"
      data-testid="ad-reach"
    >
      <RadarIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {reach.data ? (
        <span className={reach.isPlaceholderData ? 'opacity-60' : undefined}>
          Reaches {plural(reach.data.screens, 'screen')} in {plural(reach.data.outlets, 'outlet')}
        </span>
      ) : (
        <span className="text-muted-foreground">Counting screens…</span>
      )}
    </p>
  );
}

function OutletsField({ control }: { control: Control<AdCreate> }) {
  const [search, setSearch] = useState('');
  const outlets = useOutletOptions(search, true);
  const options = (outlets.data ?? []).map((outlet) => ({
    value: outlet.id,
    label: outlet.name,
    description: outlet.outlet_code,
  }));
  return (
    <FormField
      control={control}
      name="targeting.outlet_ids"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Outlets</FormLabel>
          <FormControl>
            <OptionPicker
              multiple
              options={options}
              loading={outlets.isLoading}
              value={field.value ?? []}
              onChange={field.onChange}
              onSearchChange={setSearch}
              onBlur={field.onBlur}
              placeholder="Any outlet"
              searchPlaceholder="Search outlets"
              emptyText="No outlet matches."
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Where the ad plays: each kind given narrows it (AND), several values of one kind widen it (OR). */
export function AdTargetingCard({ control }: { control: Control<AdCreate> }) {
  const { user } = useAuth();
  const mayPickOutlets = can(user.role, 'outlets', 'read');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Targeting</CardTitle>
        <CardDescription>
          Leave everything empty to play on every screen. A screen must match each kind you fill in, and any one value
          of it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ReachLine control={control} />
        <FormField
          control={control}
          name="targeting.tags"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Tags</FormLabel>
              <FormControl>
                <TagInput value={field.value ?? []} onChange={field.onChange} placeholder="Press Enter to add a tag" />
              </FormControl>
              <FormDescription>Matches the screen's tags or its outlet's.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        {mayPickOutlets ? <OutletsField control={control} /> : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField
            control={control}
            name="targeting.pincodes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Pincodes</FormLabel>
                <FormControl>
                  <ListInput
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputMode="numeric"
                    placeholder="e.g. 560001, 560038"
                  />
                </FormControl>
                <FormDescription>Separated by commas.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="targeting.cities"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Cities</FormLabel>
                <FormControl>
                  <ListInput
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    placeholder="e.g. Bengaluru, Mysuru"
                  />
                </FormControl>
                <FormDescription>Separated by commas.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      </CardContent>
    </Card>
  );
}
