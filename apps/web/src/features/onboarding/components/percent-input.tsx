import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

type PercentInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  /** Basis points: 1500 is 15 %. */
  value: number | undefined;
  onChange: (basisPoints: number | undefined) => void;
};

function toText(basisPoints: number | undefined) {
  return basisPoints === undefined || Number.isNaN(basisPoints) ? '' : String(basisPoints / 100);
}

/** A percentage typed as people write it (12.5) and kept as whole basis points (1250), never as a float. */
export function PercentInput({ value, onChange, ...props }: PercentInputProps) {
  const [text, setText] = useState(() => toText(value));
  const emitted = useRef(value);

  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(toText(value));
    }
  }, [value]);

  return (
    <div className="relative">
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        value={text}
        className="pr-8"
        onChange={(event) => {
          const next = event.target.value.replace(',', '.');
          setText(next);
          const trimmed = next.trim();
          const parsed =
            trimmed === ''
              ? undefined
              : /^\d+(\.\d{0,2})?$/.test(trimmed)
                ? Math.round(Number(trimmed) * 100)
                : Number.NaN;
          emitted.current = parsed;
          onChange(parsed);
        }}
      />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
        %
      </span>
    </div>
  );
}
