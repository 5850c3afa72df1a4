import { type ComponentProps, useEffect, useState } from 'react';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { useOutletOptions } from '@/lib/resources/outlets';

type OutletPickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (outletId: string | undefined) => void;
  /** The outlet saved before, so its name shows before a search finds it. */
  known?: PickerOption;
  /** A new screen of someone with a single outlet goes there without asking. */
  chooseSoleOutlet?: boolean;
};

/** Choose the outlet a screen stands in, searching the outlets the caller manages. */
export function OutletPicker({ value, onChange, known, chooseSoleOutlet = false, ...props }: OutletPickerProps) {
  const [search, setSearch] = useState('');
  const outlets = useOutletOptions(search);
  const sole = chooseSoleOutlet && !search && outlets.data?.length === 1 ? outlets.data[0]?.id : undefined;

  useEffect(() => {
    if (sole && !value) onChange(sole);
  }, [sole, value, onChange]);

  const options = (outlets.data ?? []).map((outlet) => ({
    value: outlet.id,
    label: outlet.name,
    description: [outlet.outlet_code, outlet.city].filter(Boolean).join(' · '),
  }));
  return (
    <OptionPicker
      {...props}
      options={options}
      knownOptions={known ? [known] : []}
      loading={outlets.isLoading}
      value={value ? [value] : []}
      onChange={(chosen) => onChange(chosen[0])}
      onSearchChange={setSearch}
      placeholder="Choose an outlet"
      searchPlaceholder="Search outlets"
      emptyText="No outlet matches."
    />
  );
}
