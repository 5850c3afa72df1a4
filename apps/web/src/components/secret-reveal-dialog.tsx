import { CheckIcon, CopyIcon, KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type SecretRevealDialogProps = {
  /** The secret to show, or null when the dialog is closed. */
  secret: string | null;
  title: string;
  description: string;
  /** What the secret is, e.g. "Passcode", used for its label and the copy button. */
  secretLabel: string;
  onDone: () => void;
};

/**
 * Shows a passcode or temporary password the server answers only once. It closes only by
 * the explicit button, so a stray click outside cannot lose it.
 */
export function SecretRevealDialog({ secret, title, description, secretLabel, onDone }: SecretRevealDialogProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (secret === null) setCopied(false);
  }, [secret]);

  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog open={secret !== null}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary max-sm:mx-auto">
            <KeyRoundIcon className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <p className="text-sm font-medium" id="secret-label">
            {secretLabel}
          </p>
          <div className="flex items-stretch gap-2">
            <output
              aria-labelledby="secret-label"
              className="flex min-w-0 flex-1 items-center justify-center rounded-md border bg-muted/50 px-3 py-2 font-mono text-2xl font-semibold tracking-[0.2em] break-all select-all"
            >
              {secret}
            </output>
            <Button
              type="button"
              variant="outline"
              className="h-auto"
              onClick={copy}
              aria-label={`Copy ${secretLabel.toLowerCase()}`}
            >
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <p className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This is the only time it is shown. Keep it somewhere safe before you close this window.
        </p>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done, I have saved it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
