import { useMemo, useState } from 'react';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import {
  offsetOf,
  searchTimeZones,
  type TimeZoneChoice,
  timeZoneChoice,
  timeZoneChoices,
} from '@/features/onboarding/lib/time-zone-search';

function optionOf(choice: TimeZoneChoice): PickerOption {
  const formerly = choice.aliases.length > 0 ? ` · formerly ${choice.aliases.join(', ')}` : '';
  return {
    value: choice.zone,
    label: choice.zone.replaceAll('_', ' '),
    description: `${choice.country ?? 'Coordinated Universal Time'} · ${offsetOf(choice.zone)}${formerly}`,
  };
}

type TimeZonePickerProps = {
  value: string | undefined;
  onChange: (zone: string | undefined) => void;
  onBlur: () => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** Finds a zone by its IANA name, old alias, city or country: "India", "Kolkata" and "Calcutta" all find Asia/Kolkata. */
export function TimeZonePicker({ value, onChange, ...triggerProps }: TimeZonePickerProps) {
  const [search, setSearch] = useState('');
  // Each zone's offset costs a formatter; they are worked out when the list is first opened.
  const [opened, setOpened] = useState(false);
  const options = useMemo(
    () => (opened ? searchTimeZones(timeZoneChoices(), search).map(optionOf) : []),
    [opened, search],
  );
  const chosen = useMemo(() => (value ? [optionOf(timeZoneChoice(value))] : []), [value]);

  return (
    <OptionPicker
      {...triggerProps}
      options={options}
      knownOptions={chosen}
      value={value ? [value] : []}
      onChange={(zones) => onChange(zones[0])}
      onSearchChange={setSearch}
      onClick={() => setOpened(true)}
      placeholder="Choose a time zone"
      searchPlaceholder="Search by city, country or zone"
      emptyText="No time zone matches. Try a city or country, e.g. Kolkata or India."
    />
  );
}
