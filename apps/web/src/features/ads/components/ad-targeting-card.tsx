import type { AdCreate } from '@adloop/contract/ads';
import { PINCODE_PATTERN } from '@adloop/contract/formats';
import { can } from '@adloop/contract/permissions';
import { RadarIcon } from 'lucide-react';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { TagsField } from '@/components/form/tags-field';
import { ListInput } from '@/components/list-input';
import { OptionPicker } from '@/components/option-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdReach } from '@/features/ads/api/get-ad-reach';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuth } from '@/lib/auth-context';
import { useOutletOptions } from '@/lib/resources/outlets';

const REACH_DEBOUNCE_MS = 400;

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * "Reaches N screens in M outlets", asked again once the targeting stops changing; `outletIds`
 * stands for the targeting's outlets when they are fixed (house content, decision 090).
 */
function ReachLine({ control, outletIds }: { control: Control<AdCreate>; outletIds?: string[] }) {
  const targeting = useWatch({ control, name: 'targeting' });
  const settled = useDebouncedValue(
    {
      tags: targeting?.tags ?? [],
      outlet_ids: outletIds ?? targeting?.outlet_ids ?? [],
      // Half-typed pincodes wait until they are whole rather than fail the count.
      pincodes: (targeting?.pincodes ?? []).filter((code) => PINCODE_PATTERN.test(code)),
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
    <Field control={control} name="targeting.outlet_ids" label="Outlets">
      {(field) => (
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
      )}
    </Field>
  );
}

/** Values typed in one box, separated by commas. */
function ListField({
  control,
  name,
  label,
  placeholder,
  numeric = false,
}: {
  control: Control<AdCreate>;
  name: 'targeting.pincodes' | 'targeting.cities';
  label: string;
  placeholder: string;
  numeric?: boolean;
}) {
  return (
    <Field control={control} name={name} label={label} description="Separated by commas.">
      {(field) => (
        <ListInput
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputMode={numeric ? 'numeric' : undefined}
          placeholder={placeholder}
        />
      )}
    </Field>
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
        <TagsField
          control={control}
          name="targeting.tags"
          label="Tags"
          description="Matches the screen's tags or its outlet's."
          placeholder="Press Enter to add a tag"
        />
        {mayPickOutlets ? <OutletsField control={control} /> : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <ListField
            control={control}
            name="targeting.pincodes"
            label="Pincodes"
            placeholder="e.g. 560001, 560038"
            numeric
          />
          <ListField control={control} name="targeting.cities" label="Cities" placeholder="e.g. Bengaluru, Mysuru" />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Where house content plays (decision 090): its outlet's screens only, narrowed by screen tags if
 * wanted; no other outlet, pincode or city.
 */
export function HouseTargetingCard({ control, outletId }: { control: Control<AdCreate>; outletId?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where it plays</CardTitle>
        <CardDescription>
          On your outlet's screens only. Add tags to show it on the screens that have them, or leave them empty for all
          of them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {outletId ? <ReachLine control={control} outletIds={[outletId]} /> : null}
        <TagsField
          control={control}
          name="targeting.tags"
          label="Screen tags"
          description="Matches the screen's tags or your outlet's."
          placeholder="Press Enter to add a tag"
        />
      </CardContent>
    </Card>
  );
}
