import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { currencySymbol, minorToInput, parseMoney } from '@/lib/money';

type MoneyInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  /** Paise; NaN while the text is not an amount, undefined when empty. */
  value: number | undefined;
  onChange: (minor: number | undefined) => void;
};

const toText = (minor: number | undefined) =>
  minor === undefined || Number.isNaN(minor) ? '' : minorToInput(minor, 'INR');

/** Rupees typed ("5000.50") kept as whole paise (500050), parsed from the digits, never via a float. */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => toText(value));
  const emitted = useRef(value);

  useEffect(() => {
    if (value !== emitted.current && !(Number.isNaN(value) && Number.isNaN(emitted.current))) {
      emitted.current = value;
      setText(toText(value));
    }
  }, [value]);

  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
        {currencySymbol('INR')}
      </span>
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        className="pl-8 tabular-nums"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const parsed = next.trim() === '' ? undefined : (parseMoney(next, 'INR') ?? Number.NaN);
          emitted.current = parsed;
          onChange(parsed);
        }}
      />
    </div>
  );
}
