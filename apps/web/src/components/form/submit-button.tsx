import { Loader2Icon, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

type SubmitButtonProps = ComponentProps<typeof Button> & {
  /** Saving: the button shows a spinner in place of its icon and cannot be pressed again. */
  pending: boolean;
  icon?: LucideIcon;
};

/** A form's action button (a submit unless `type` says otherwise). */
export function SubmitButton({
  pending,
  icon: Icon,
  disabled,
  type = 'submit',
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type={type} disabled={pending || disabled} {...props}>
      {pending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : Icon ? (
        <Icon aria-hidden="true" />
      ) : null}
      {children}
    </Button>
  );
}
