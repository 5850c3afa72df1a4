import { tagSchema } from '@adloop/contract/common';
import { XIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useState } from 'react';
import { cn } from '@/lib/utils';

type TagInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string[];
  onChange: (tags: string[]) => void;
  maxTags?: number;
};

/** Free-form tags (targeting, grouping): Enter or comma adds one, Backspace on an empty box removes the last. */
export function TagInput({ value, onChange, maxTags = 20, className, onBlur, ...props }: TagInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (raw: string) => {
    if (raw.trim() === '') return true;
    const parsed = tagSchema.safeParse(raw);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Invalid tag');
      return false;
    }
    if (value.length >= maxTags) {
      setProblem(`At most ${maxTags} tags`);
      return false;
    }
    if (!value.includes(parsed.data)) onChange([...value, parsed.data]);
    setText('');
    setProblem(null);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="grid gap-1.5">
      <div
        className={cn(
          'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-transparent px-2 py-1.5 shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30',
          'has-[input[aria-invalid=true]]:border-destructive',
          className,
        )}
      >
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-md bg-secondary py-0.5 pr-1 pl-2 text-xs font-medium text-secondary-foreground"
          >
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(value.filter((other) => other !== tag))}
              className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
            >
              <XIcon className="size-3" aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          {...props}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            add(text);
            onBlur?.(event);
          }}
          className="min-w-24 flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground md:text-sm"
        />
      </div>
      {problem ? (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
