import type { IntegrationTokenCreated } from '@adloop/contract/integration-tokens';
import { CheckIcon, CopyIcon, KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TokenScopes } from '@/features/settings/components/token-parts';

/** A copy button that says "Copied" once the clipboard has taken the text. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="shrink-0"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * A new token's secret, shown this once with how to use it. Like the app's other one-time secrets
 * (components/secret-reveal-dialog.tsx) it closes only by its button, so a stray click or Escape
 * cannot lose it; it is its own dialog because a 47-character token and a command need room.
 */
export function TokenCreatedDialog({
  created,
  onDone,
}: {
  created: IntegrationTokenCreated | null;
  onDone: () => void;
}) {
  const id = useId();
  const secret = created?.token ?? '';
  const example = `curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/api/playback-logs`;

  return (
    <Dialog open={created !== null}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
      >
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary max-sm:mx-auto">
            <KeyRoundIcon className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>Token “{created?.name}” created</DialogTitle>
          <DialogDescription>
            Give it to the system that will call AdLoop. It sends it in the Authorization header of every request.
          </DialogDescription>
        </DialogHeader>

        <p
          role="alert"
          className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Copy it now: it is not shown again.</strong> AdLoop keeps only a
            fingerprint of it. If it is lost, revoke it and create a new one.
          </span>
        </p>

        <div className="grid min-w-0 gap-2">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium" id={`${id}-token`}>
              Token
            </p>
            <CopyButton text={secret} label="Copy token" />
          </div>
          <output
            aria-labelledby={`${id}-token`}
            className="block rounded-md border bg-muted/50 px-3 py-2.5 font-mono text-sm break-all select-all"
          >
            {secret}
          </output>
        </div>

        {created ? (
          <div className="grid gap-1.5 text-sm">
            <p className="text-muted-foreground">It may:</p>
            <TokenScopes scopes={created.scopes} />
          </div>
        ) : null}

        <div className="grid min-w-0 gap-2">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium">Try it: the latest proof of play</p>
            <CopyButton text={example} label="Copy example command" />
          </div>
          <pre className="rounded-md border bg-muted/50 px-3 py-2.5 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap">
            {example}
          </pre>
        </div>

        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done, I have saved it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
