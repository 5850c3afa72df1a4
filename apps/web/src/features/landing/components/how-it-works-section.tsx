import { Upload, Wallet, Wifi } from 'lucide-react';
import { SectionHeading } from '@/components/marketing/section-heading';

const steps = [
  {
    title: 'Connect a screen',
    text: 'Open AdLoop in the browser of any smart TV or mini PC and sign in with the screen code and 6-digit passcode.',
    Icon: Wifi,
  },
  {
    title: 'Upload ads',
    text: 'Advertisers upload images or videos, tag who should see them, and the ads start looping on matching screens.',
    Icon: Upload,
  },
  {
    title: 'Get paid per play',
    text: 'Each completed play is logged once. Advertisers pay for plays; outlets receive a payout for every one.',
    Icon: Wallet,
  },
] as const;

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-it-works-title" className="bg-muted/40 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Live on your wall in an afternoon"
          description="No installer visits, no proprietary media player. If it runs a browser, it runs AdLoop."
        />
        <ol className="mt-14 grid gap-5 md:grid-cols-3">
          {steps.map(({ title, text, Icon }, index) => (
            <li key={title} className="relative rounded-xl border bg-background p-6 shadow-xs">
              <div className="flex items-center justify-between">
                <span className="grid size-11 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm shadow-primary/30">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground tabular-nums">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
