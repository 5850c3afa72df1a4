import type { AdCreate } from '@adloop/contract/ads';
import { useEffect, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { OptionPicker } from '@/components/option-picker';
import { useOutletOptions } from '@/lib/resources/outlets';

/**
 * Which of the user's outlets new house content is for (decision 090): chosen for them when they
 * have one outlet, else picked from theirs.
 */
export function HouseOutletField({ control }: { control: Control<AdCreate> }) {
  const [search, setSearch] = useState('');
  const outlets = useOutletOptions(search);
  const { field } = useController({ control, name: 'outlet_id' });
  const options = (outlets.data ?? []).map((outlet) => ({
    value: outlet.id,
    label: outlet.name,
    description: outlet.outlet_code,
  }));
  const only = search === '' && options.length === 1 ? options[0] : undefined;
  const onlyId = only?.value;
  const { value, onChange } = field;
  useEffect(() => {
    if (onlyId && value !== onlyId) onChange(onlyId);
  }, [onlyId, value, onChange]);

  if (only) {
    return (
      <div className="grid gap-1">
        <span className="text-sm font-medium">Outlet</span>
        <span className="text-sm text-muted-foreground">{only.label}</span>
      </div>
    );
  }
  return (
    <Field control={control} name="outlet_id" label="Outlet" description="Its screens are the only ones that show it.">
      {(picker) => (
        <OptionPicker
          options={options}
          loading={outlets.isLoading}
          value={picker.value ? [picker.value] : []}
          onChange={(chosen) => picker.onChange(chosen[0])}
          onSearchChange={setSearch}
          onBlur={picker.onBlur}
          placeholder="Choose your outlet"
          searchPlaceholder="Search your outlets"
          emptyText="No outlet matches."
        />
      )}
    </Field>
  );
}
