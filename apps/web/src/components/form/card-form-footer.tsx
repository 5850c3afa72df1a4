import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { CardFooter } from '@/components/ui/card';

type CardFormFooterProps = {
  /** Where Cancel leads, or what it does. */
  cancel: string | (() => void);
  cancelLabel?: string;
  submitLabel: string;
  icon: LucideIcon;
  pending: boolean;
  /** E.g. an edit form has nothing to save until something changed. */
  disabled?: boolean;
  /** The id of the text that says why the action is not possible yet. */
  submitDescribedBy?: string;
  /** Shown beside the buttons, e.g. a total or why saving is not possible yet. */
  children?: ReactNode;
};

/** Cancel and a card form's main action, stacked full-width on phones. */
export function CardFormFooter({
  cancel,
  cancelLabel = 'Cancel',
  submitLabel,
  icon,
  pending,
  disabled,
  submitDescribedBy,
  children,
}: CardFormFooterProps) {
  return (
    <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end [.border-t]:pt-6">
      {typeof cancel === 'string' ? (
        <Button asChild variant="ghost" className="w-full sm:w-auto">
          <Link to={cancel}>{cancelLabel}</Link>
        </Button>
      ) : (
        <Button type="button" variant="ghost" className="w-full sm:w-auto" onClick={cancel}>
          {cancelLabel}
        </Button>
      )}
      <SubmitButton
        pending={pending}
        disabled={disabled}
        icon={icon}
        aria-describedby={submitDescribedBy}
        className="w-full sm:w-auto"
      >
        {submitLabel}
      </SubmitButton>
      {children}
    </CardFooter>
  );
}
