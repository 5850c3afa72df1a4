import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useState } from 'react';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { companyResource } from '@/lib/resources/companies';

type CompanySelectProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (companyId: string | undefined) => void;
  known?: PickerOption[];
};

/** One company a user belongs to; when the caller manages a single company it is chosen already. */
export function CompanySelect({ value, onChange, known, ...props }: CompanySelectProps) {
  const [search, setSearch] = useState('');
  const companies = useQuery(
    companyResource.listOptions({ q: search || undefined, page: 1, pageSize: 50, sort: 'name' }),
  );
  const options = (companies.data?.data ?? []).map((company) => ({ value: company.id, label: company.name }));
  const only = !search && companies.data?.meta.total === 1 ? options[0] : undefined;

  useEffect(() => {
    if (only && !value) onChange(only.value);
  }, [only, value, onChange]);

  return (
    <OptionPicker
      {...props}
      options={options}
      knownOptions={known}
      loading={companies.isLoading}
      value={value ? [value] : []}
      onChange={(chosen) => onChange(chosen[0])}
      onSearchChange={setSearch}
      placeholder="Choose a company"
      searchPlaceholder="Search companies"
      emptyText="No company matches."
    />
  );
}
