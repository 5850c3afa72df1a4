import { TRANSACTION_STATUSES } from '@adloop/contract/billing';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldProps } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { TRANSACTION_STATUS_LABELS } from '@/features/billing/lib/labels';

/** A transaction's status, by its label, in the add form and the update dialog alike. */
export function TransactionStatusField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: Omit<FieldProps<TValues, TName, TTransformed>, 'label'>) {
  return <SelectField {...props} label="Status" options={TRANSACTION_STATUSES} labels={TRANSACTION_STATUS_LABELS} />;
}
