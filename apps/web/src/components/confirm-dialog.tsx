import { Loader2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

export type ConfirmRequest = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Runs on confirm; the dialog stays open, with the error toasted, when it throws. */
  onConfirm: () => Promise<unknown>;
};

/**
 * Asks before an action that deletes, disables or cannot be undone. Returns the dialog to
 * render once and `ask` to open it for one action.
 */
export function useConfirmDialog() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!request) return;
    setPending(true);
    try {
      await request.onConfirm();
      setRequest(null);
    } catch {
      // The HTTP client has toasted the failure; the dialog stays for another try or Cancel.
    } finally {
      setPending(false);
    }
  };

  const dialog = (
    <AlertDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !pending) setRequest(null);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{request?.title}</AlertDialogTitle>
          <AlertDialogDescription>{request?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            className={request?.destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {request?.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return { ask: setRequest, dialog };
}
