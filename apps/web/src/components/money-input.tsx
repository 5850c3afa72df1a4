import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { currencySymbol, minorToInput, parseMoney } from '@/lib/money';

type MoneyInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  /** Minor units (paise); NaN while the text is not an amount. */
  value: number | undefined;
  onChange: (minor: number | undefined) => void;
  currency: string;
};

function toText(minor: number | undefined, currency: string) {
  return minor === undefined || Number.isNaN(minor) ? '' : minorToInput(minor, currency);
}

/** An amount typed in rupees ("1234.5") and kept as whole paise (123450), parsed from the digits, never via a float. */
export function MoneyInput({ value, onChange, currency, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => toText(value, currency));
  const emitted = useRef(value);

  useEffect(() => {
    if (value !== emitted.current && !(Number.isNaN(value) && Number.isNaN(emitted.current))) {
      emitted.current = value;
      setText(toText(value, currency));
    }
  }, [value, currency]);

  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
        {currencySymbol(currency)}
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
          const parsed = next.trim() === '' ? undefined : (parseMoney(next, currency) ?? Number.NaN);
          emitted.current = parsed;
          onChange(parsed);
        }}
      />
    </div>
  );
}
