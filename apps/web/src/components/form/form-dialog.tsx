import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** While true, Escape and the overlay do not close the dialog. */
  busy?: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Classes of the dialog's content box. */
  className?: string;
  /** The form, under the title. */
  children: ReactNode;
};

/** A dialog that holds one form: title and description, then the form with its own actions. */
export function FormDialog({ open, onClose, busy = false, title, description, className, children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

type FormDialogFooterProps = {
  onCancel: () => void;
  submitLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
  destructive?: boolean;
  /** For dialogs that cannot be left while saving: Cancel is outlined and disabled meanwhile. */
  holdWhilePending?: boolean;
};

/** Cancel and the dialog form's submit, with a spinner while it saves. */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  pending,
  disabled,
  destructive = false,
  holdWhilePending = false,
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button
        type="button"
        variant={holdWhilePending ? 'outline' : 'ghost'}
        onClick={onCancel}
        disabled={holdWhilePending ? pending : undefined}
      >
        Cancel
      </Button>
      <SubmitButton pending={pending} disabled={disabled} variant={destructive ? 'destructive' : undefined}>
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}
