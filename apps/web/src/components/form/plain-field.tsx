import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A field's error under it, as `<id>` for the input's aria-describedby; nothing without one. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

type PlainFieldProps = {
  /** The input's id; its error is `<id>-error`. */
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  /** The input, with `id` and, when in error, aria-describedby `<id>-error`. */
  children: ReactNode;
};

/**
 * A label, an input and its error, for the lean pages' forms without a form library (the screen
 * sign-in, the staff sign-in, the landing page's contact form).
 */
export function PlainField({ id, label, error, className = 'grid gap-2', children }: PlainFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
