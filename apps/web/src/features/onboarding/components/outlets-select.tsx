import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useState } from 'react';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { outletResource } from '@/lib/resources/outlets';

type OutletsSelectProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  value: string[];
  onChange: (outletIds: string[]) => void;
  known?: PickerOption[];
};

/** The outlets a user works in, one or more; a caller with a single outlet has it chosen already. */
export function OutletsSelect({ value, onChange, known, ...props }: OutletsSelectProps) {
  const [search, setSearch] = useState('');
  const outlets = useQuery(outletResource.listOptions({ q: search || undefined, page: 1, pageSize: 50, sort: 'name' }));
  const options = (outlets.data?.data ?? []).map((outlet) => ({
    value: outlet.id,
    label: outlet.name,
    description: outlet.outlet_code,
  }));
  const only = !search && outlets.data?.meta.total === 1 ? options[0] : undefined;

  useEffect(() => {
    if (only && value.length === 0) onChange([only.value]);
  }, [only, value.length, onChange]);

  return (
    <OptionPicker
      {...props}
      multiple
      options={options}
      knownOptions={known}
      loading={outlets.isLoading}
      value={value}
      onChange={onChange}
      onSearchChange={setSearch}
      placeholder="Choose outlets"
      searchPlaceholder="Search outlets"
      emptyText="No outlet matches."
    />
  );
}
