import { INDIAN_STATES } from '@adloop/contract/pincodes';
import type { ComponentProps } from 'react';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';

type IndianStateSelectProps = Omit<ComponentProps<typeof NativeSelect>, 'value' | 'children'> & {
  value: string | null | undefined;
};

/** India's states and union territories; a saved name the list no longer has stays choosable. */
export function IndianStateSelect({ value, ...props }: IndianStateSelectProps) {
  const saved = value && !(INDIAN_STATES as readonly string[]).includes(value) ? value : null;
  return (
    <NativeSelect value={value ?? ''} {...props}>
      <NativeSelectOption value="" disabled>
        Choose a state
      </NativeSelectOption>
      {saved ? <NativeSelectOption value={saved}>{saved}</NativeSelectOption> : null}
      {INDIAN_STATES.map((state) => (
        <NativeSelectOption key={state} value={state}>
          {state}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}
