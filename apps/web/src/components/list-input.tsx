import { type ComponentProps, useState } from 'react';
import { Input } from '@/components/ui/input';

type ListInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string[];
  onChange: (values: string[]) => void;
};

/** A comma-separated list typed in one box (pincodes, cities); the text stays as typed. */
export function ListInput({ value, onChange, ...props }: ListInputProps) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Input
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
