import { format } from 'date-fns';
import { CalendarIcon, CheckIcon, ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type DateRange,
  describeRange,
  isRange,
  parseDay,
  presetOf,
  presetRange,
  RANGE_PRESETS,
} from '@/components/report-filters/date-range';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

type DateRangePickerProps = {
  /** Null is all time, offered only when `allowAllTime`. */
  value: DateRange | null;
  onChange: (range: DateRange | null) => void;
  allowAllTime?: boolean;
  /** The last day that may be chosen (YYYY-MM-DD): presets that end later are not offered. */
  max?: string;
  className?: string;
};

/** A span of days: a preset in one click, or any two days typed or picked in the browser's own date fields. */
export function DateRangePicker({ value, onChange, allowAllTime = false, max, className }: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Partial<DateRange>>(value ?? {});
  const fromId = useId();
  const toId = useId();
  const active = value ? presetOf(value) : undefined;
  const tooLate = Boolean(max && draft.to && draft.to > max);
  const valid = isRange(draft) && !tooLate;
  const presets = RANGE_PRESETS.filter((preset) => !max || presetRange(preset.id).to <= max);

  const choose = (range: DateRange | null) => {
    onChange(range);
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(value ?? {});
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          aria-label={`Date range: ${value ? describeRange(value) : 'All time'}`}
          className={cn('w-full justify-start font-normal sm:w-auto', className)}
        >
          <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{value ? describeRange(value) : 'All time'}</span>
          <ChevronDownIcon className="ml-auto size-4 opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[min(calc(100vw-2rem),34rem)] p-0">
        <div className="flex flex-col sm:flex-row">
          <fieldset className="m-0 grid min-w-0 grid-cols-2 gap-1 border-0 border-b p-2 sm:w-44 sm:grid-cols-1 sm:border-r sm:border-b-0">
            <legend className="sr-only">Presets</legend>
            {allowAllTime ? (
              <PresetButton label="All time" selected={value === null} onClick={() => choose(null)} />
            ) : null}
            {presets.map((preset) => (
              <PresetButton
                key={preset.id}
                label={preset.label}
                selected={active === preset.id}
                onClick={() => choose(presetRange(preset.id))}
              />
            ))}
          </fieldset>
          <form
            className="grid flex-1 content-start gap-3 p-4"
            onSubmit={(event) => {
              event.preventDefault();
              // The popover is portalled, but React still bubbles the submit to a form the picker sits in.
              event.stopPropagation();
              if (valid) choose(draft as DateRange);
            }}
          >
            <p className="text-sm font-medium">Custom range</p>
            <div className="grid gap-1.5">
              <Label htmlFor={fromId}>From</Label>
              <Input
                id={fromId}
                type="date"
                value={draft.from ?? ''}
                max={draft.to && max && draft.to > max ? max : (draft.to ?? max)}
                onChange={(event) => setDraft((previous) => ({ ...previous, from: event.target.value }))}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={toId}>To</Label>
              <Input
                id={toId}
                type="date"
                value={draft.to ?? ''}
                min={draft.from}
                max={max}
                onChange={(event) => setDraft((previous) => ({ ...previous, to: event.target.value }))}
              />
            </div>
            {tooLate && max ? (
              <p className="text-xs text-destructive">
                The range must end by {format(parseDay(max) ?? new Date(), 'd MMM yyyy')}.
              </p>
            ) : !valid && draft.from && draft.to ? (
              <p className="text-xs text-destructive">The range must end on or after its first day.</p>
            ) : null}
            <Button type="submit" size="sm" disabled={!valid} className="justify-self-end">
              Apply range
            </Button>
          </form>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function PresetButton({ label, selected, onClick }: { label: string; selected: boolean; onClick: () => void }) {
  return (
    <Button
      type="button"
      variant={selected ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={selected}
      onClick={onClick}
      className="justify-between font-normal"
    >
      {label}
      {selected ? <CheckIcon aria-hidden="true" /> : null}
    </Button>
  );
}
