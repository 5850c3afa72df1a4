import { can, scopeOf } from '@adloop/contract/permissions';
import type { Role } from '@adloop/contract/roles';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { Button } from '@/components/ui/button';
import { useAdOptions } from '@/lib/resources/ads';
import { useCompanyOptions } from '@/lib/resources/companies';
import { useOutletOptions } from '@/lib/resources/outlets';
import { useScreenOptions } from '@/lib/resources/screens';

export const SLICE_KEYS = ['company_id', 'outlet_id', 'screen_id', 'ad_id'] as const;
export type SliceKey = (typeof SLICE_KEYS)[number];
export type Slice = Partial<Record<SliceKey, string>>;

/**
 * The slices a role can narrow a report to: only lists it may read (docs/design.md §5). A company
 * role sees its own company anyway, so it gets no company filter.
 */
export function sliceKeysFor(role: Role): SliceKey[] {
  const keys: SliceKey[] = [];
  if (scopeOf(role, 'companies', 'read') === 'all') keys.push('company_id');
  if (can(role, 'outlets', 'read')) keys.push('outlet_id');
  if (can(role, 'screens', 'read')) keys.push('screen_id');
  if (can(role, 'ads', 'read')) keys.push('ad_id');
  return keys;
}

type SliceFilterProps = {
  noun: string;
  allLabel: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: PickerOption[];
  loading: boolean;
  onSearch: (q: string) => void;
};

function SliceFilter({ noun, allLabel, value, onChange, options, loading, onSearch }: SliceFilterProps) {
  const chosen = value ? options.find((option) => option.value === value) : undefined;
  return (
    <div className="flex w-full min-w-0 items-center gap-1 sm:w-48">
      <div className="min-w-0 flex-1">
        <OptionPicker
          aria-label={`${noun}: ${value ? (chosen?.label ?? 'chosen') : allLabel}`}
          options={options}
          value={value ? [value] : []}
          onChange={(next) => onChange(next[0])}
          loading={loading}
          onSearchChange={onSearch}
          placeholder={allLabel}
          searchPlaceholder={`Search ${noun.toLowerCase()}s…`}
          emptyText={`No ${noun.toLowerCase()}s found.`}
        />
      </div>
      {value ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={`Show all ${noun.toLowerCase()}s`}
          onClick={() => onChange(undefined)}
        >
          <XIcon aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

type SliceFiltersProps = {
  keys: readonly SliceKey[];
  value: Slice;
  onChange: (key: SliceKey, value: string | undefined) => void;
};

/** Pickers that narrow a report to one company, outlet, screen or ad; screens follow the outlet, ads the company. */
export function SliceFilters({ keys, value, onChange }: SliceFiltersProps) {
  const [search, setSearch] = useState<Record<SliceKey, string>>({
    company_id: '',
    outlet_id: '',
    screen_id: '',
    ad_id: '',
  });
  const searchFor = (key: SliceKey) => (q: string) => setSearch((previous) => ({ ...previous, [key]: q }));
  const companies = useCompanyOptions(search.company_id, keys.includes('company_id'));
  const outlets = useOutletOptions(search.outlet_id, keys.includes('outlet_id'));
  const screens = useScreenOptions(search.screen_id, value.outlet_id, keys.includes('screen_id'));
  const ads = useAdOptions(search.ad_id, value.company_id, keys.includes('ad_id'));

  // Each slice's picker: what it is called and where its options come from.
  const slices: Record<SliceKey, Omit<SliceFilterProps, 'value' | 'onChange'>> = {
    company_id: {
      noun: 'Company',
      allLabel: 'All companies',
      options: (companies.data ?? []).map((company) => ({ value: company.id, label: company.name })),
      loading: companies.isLoading,
      onSearch: searchFor('company_id'),
    },
    outlet_id: {
      noun: 'Outlet',
      allLabel: 'All outlets',
      options: (outlets.data ?? []).map((outlet) => ({
        value: outlet.id,
        label: outlet.name,
        description: outlet.outlet_code,
      })),
      loading: outlets.isLoading,
      onSearch: searchFor('outlet_id'),
    },
    screen_id: {
      noun: 'Screen',
      allLabel: 'All screens',
      options: (screens.data ?? []).map((screen) => ({
        value: screen.id,
        label: screen.screen_code,
        description: screen.outlet.name,
      })),
      loading: screens.isLoading,
      onSearch: searchFor('screen_id'),
    },
    ad_id: {
      noun: 'Ad',
      allLabel: 'All ads',
      options: (ads.data ?? []).map((ad) => ({ value: ad.id, label: ad.title, description: ad.company.name })),
      loading: ads.isLoading,
      onSearch: searchFor('ad_id'),
    },
  };

  return (
    <>
      {SLICE_KEYS.filter((key) => keys.includes(key)).map((key) => (
        <SliceFilter key={key} {...slices[key]} value={value[key]} onChange={(next) => onChange(key, next)} />
      ))}
    </>
  );
}
