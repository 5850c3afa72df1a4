import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { screenResource } from '@/lib/resources/screens';

type ScreenPickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (screenId: string | undefined) => void;
  /** A screen chosen before a search finds it (one just created). */
  known?: PickerOption;
};

/** Choose one of the caller's active screens, searching by code or name (pairing a display, decision 088). */
export function ScreenPicker({ value, onChange, known, ...props }: ScreenPickerProps) {
  const [search, setSearch] = useState('');
  const screens = useQuery(screenResource.pickerOptions({ q: search, status: 'ACTIVE' }));

  const options = (screens.data ?? []).map((screen) => ({
    value: screen.id,
    label: screen.name ? `${screen.screen_code} · ${screen.name}` : screen.screen_code,
    description: `${screen.outlet.name}${screen.is_online ? ' · online now' : ''}`,
  }));
  return (
    <OptionPicker
      {...props}
      options={options}
      knownOptions={known ? [known] : []}
      loading={screens.isLoading}
      value={value ? [value] : []}
      onChange={(chosen) => onChange(chosen[0])}
      onSearchChange={setSearch}
      placeholder="Choose a screen"
      searchPlaceholder="Search screens"
      emptyText="No active screen matches."
    />
  );
}
