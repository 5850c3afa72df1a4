import { ArrowRight, CirclePlay, Mail, XIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

const demoSteps = [
  {
    title: 'Open the demo screen',
    text: 'Use this browser, a smart TV or any spare monitor. Full-screen mode turns it into a wall display.',
  },
  {
    title: 'Enter a screen code and passcode',
    text: 'Every AdLoop screen signs in with its screen code and a 6-digit passcode. Ask us for a demo pair if you have none.',
  },
  {
    title: 'Watch the loop',
    text: 'Ads play full-screen on repeat, and every completed play lands in the analytics, counted exactly once.',
  },
] as const;

export function WatchDemoDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button size="lg" className="h-11 px-6 text-base shadow-md shadow-primary/25">
          <CirclePlay className="size-5" aria-hidden="true" />
          Watch Demo
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100svh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-6 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl duration-200 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95">
          <div className="space-y-2 pr-6">
            <Dialog.Title className="text-lg font-semibold tracking-tight">
              See AdLoop play on a live screen
            </Dialog.Title>
            <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
              The demo is the real player, not a video: it runs in your browser exactly as it runs on the wall of a
              cafe.
            </Dialog.Description>
          </div>

          <ol className="space-y-4">
            {demoSteps.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                  {index + 1}
                </span>
                <div>
                  <p className="text-sm font-medium">{step.title}</p>
                  <p className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <a href="mailto:sales@adloop.app?subject=Demo%20screen%20code">
                <Mail aria-hidden="true" />
                Request a demo code
              </a>
            </Button>
            <Button asChild>
              <Link to={paths.screenConnect.getHref()}>
                Open demo screen
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>

          <Dialog.Close className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
