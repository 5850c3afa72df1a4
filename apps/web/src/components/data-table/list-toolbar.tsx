import { SearchIcon, XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const SEARCH_DEBOUNCE_MS = 300;
const ALL = '__all__';

/** The row above a list: search first, then its filters; wraps on narrow screens. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">{children}</div>;
}

type ListSearchProps = {
  /** The search as the address bar holds it. */
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
};

/** A search box that asks the server only after typing pauses. */
export function ListSearch({ value, onSearch, label, placeholder }: ListSearchProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // The address bar changed by itself (Back, Clear filters): show what it holds.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text.trim();
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="relative col-span-2 w-full sm:max-w-xs sm:flex-1">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pl-8"
      />
    </div>
  );
}

type FilterSelectProps = {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** One filter of a list, with an "all" choice that removes it. */
export function FilterSelect({ label, value, onChange, allLabel, options }: FilterSelectProps) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
      <SelectTrigger aria-label={label} className="w-full sm:w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClear} className="justify-self-start">
      <XIcon aria-hidden="true" />
      Clear filters
    </Button>
  );
}
