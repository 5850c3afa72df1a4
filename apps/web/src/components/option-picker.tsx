import { CheckIcon, ChevronsUpDownIcon, Loader2Icon, SearchIcon, XIcon } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export type PickerOption = { value: string; label: string; description?: string };

type OptionPickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  options: PickerOption[];
  value: string[];
  onChange: (value: string[]) => void;
  multiple?: boolean;
  loading?: boolean;
  /** Searching asks the server when given; otherwise the options are filtered here. */
  onSearchChange?: (q: string) => void;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Chosen options that the current results may not include (an edit form's saved outlet). */
  knownOptions?: PickerOption[];
};

const SEARCH_DEBOUNCE_MS = 250;

/** A searchable choice of one or several rows of another resource (a company, outlets). */
export function OptionPicker({
  options,
  value,
  onChange,
  multiple = false,
  loading = false,
  onSearchChange,
  placeholder,
  searchPlaceholder,
  emptyText,
  knownOptions = [],
  className,
  disabled,
  ...triggerProps
}: OptionPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const listId = useId();
  const labels = useRef(new Map<string, PickerOption>());
  for (const option of [...knownOptions, ...options]) labels.current.set(option.value, option);

  useEffect(() => {
    if (!onSearchChange) return;
    const timer = window.setTimeout(() => onSearchChange(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, onSearchChange]);

  const shown = useMemo(() => {
    if (onSearchChange) return options;
    const needle = search.trim().toLowerCase();
    return needle
      ? options.filter((option) => `${option.label} ${option.description ?? ''}`.toLowerCase().includes(needle))
      : options;
  }, [options, search, onSearchChange]);

  const toggle = (option: string) => {
    if (!multiple) {
      onChange([option]);
      setOpen(false);
      return;
    }
    onChange(value.includes(option) ? value.filter((other) => other !== option) : [...value, option]);
  };

  const chosen = value.map((id) => labels.current.get(id) ?? { value: id, label: loading ? 'Loading…' : id });
  const summary = chosen.length === 0 ? null : multiple ? null : <span className="truncate">{chosen[0]?.label}</span>;

  return (
    <div className="grid gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            disabled={disabled}
            className={cn(
              'w-full justify-between font-normal aria-invalid:border-destructive dark:bg-input/30',
              chosen.length === 0 && 'text-muted-foreground',
              className,
            )}
            {...triggerProps}
          >
            {summary ??
              (multiple && chosen.length > 0 ? (
                <span className="truncate">{`${chosen.length} selected`}</span>
              ) : (
                <span className="truncate">{placeholder}</span>
              ))}
            <ChevronsUpDownIcon className="ml-2 size-4 shrink-0 opacity-50" aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0" align="start">
          <div className="relative border-b">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              className="h-10 rounded-none border-0 pl-9 shadow-none focus-visible:ring-0"
            />
          </div>
          <div
            id={listId}
            role="listbox"
            aria-multiselectable={multiple || undefined}
            className="max-h-64 overflow-y-auto p-1"
          >
            {loading ? (
              <p className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
                <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
                Loading…
              </p>
            ) : shown.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>
            ) : (
              shown.map((option) => {
                const selected = value.includes(option.value);
                return (
                  <button
                    key={option.value}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => toggle(option.value)}
                    className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
                  >
                    <span
                      className={cn(
                        'flex size-4 shrink-0 items-center justify-center rounded-[4px]',
                        multiple && 'border border-input',
                        selected && multiple && 'border-primary bg-primary text-primary-foreground',
                      )}
                    >
                      {selected ? <CheckIcon className="size-3.5" aria-hidden="true" /> : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate">{option.label}</span>
                      {option.description ? (
                        <span className="block truncate text-xs text-muted-foreground">{option.description}</span>
                      ) : null}
                    </span>
                  </button>
                );
              })
            )}
          </div>
        </PopoverContent>
      </Popover>
      {multiple && chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected">
          {chosen.map((option) => (
            <li
              key={option.value}
              className="inline-flex items-center gap-1 rounded-md bg-secondary py-0.5 pr-1 pl-2 text-xs font-medium text-secondary-foreground"
            >
              {option.label}
              <button
                type="button"
                aria-label={`Remove ${option.label}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other !== option.value))}
                className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
              >
                <XIcon className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
