import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { companyResource } from '@/lib/resources/companies';

type CompanyPickerProps = {
  value: string | undefined;
  onChange: (companyId: string | undefined) => void;
  onBlur: () => void;
  known?: PickerOption[];
  placeholder: string;
};

/** A search of the companies the caller may read; when there is a single one it is chosen already. */
function CompanyPicker({ value, onChange, known, ...props }: CompanyPickerProps) {
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
      searchPlaceholder="Search companies"
      emptyText="No company matches."
    />
  );
}

/**
 * The company a row belongs to (a user, or any company-owned resource), its id as the form's value:
 * a searchable pick of the companies the caller may read.
 */
export function CompanyField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  known,
  placeholder = 'Choose a company',
  ...props
}: FieldProps<TValues, TName, TTransformed> & {
  /** The saved company, shown by name before the search has loaded it (an edit form's). */
  known?: PickerOption[];
  placeholder?: string;
}) {
  return (
    <Field {...props}>
      {(field) => (
        <CompanyPicker
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          known={known}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}
