import { ChevronDown } from 'lucide-react';
import { SectionHeading } from '@/components/marketing/section-heading';

const faqs = [
  {
    question: 'How do you make sure a play is counted exactly once?',
    answer:
      'The screen gives every play its own ID the moment it completes, keeps it in a queue on the device and sends plays in batches. The server ignores an ID it has already recorded, so a retry after a flaky connection never bills an advertiser twice, and a play is never lost while it waits.',
  },
  {
    question: 'What happens when a screen goes offline?',
    answer:
      'It keeps playing. The ad list and media are cached on the device, so the loop continues without internet, even after a reboot. Plays made offline are stored and uploaded when the connection returns; only plays that really happened are billed.',
  },
  {
    question: 'How and when are outlets paid?',
    answer: `Payouts are made monthly for the previous month's completed plays, by bank transfer. Each payout in the dashboard lists the plays, their value at the rate card and the commission, so the sum can be checked against the playback log.`,
  },
  {
    question: 'Do I need special hardware?',
    answer:
      'No. Any screen with a modern browser works: a smart TV, an Android TV box or a small PC. The screen signs in with its screen code and 6-digit passcode and runs full-screen.',
  },
  {
    question: 'Can I change plans or stop at any time?',
    answer:
      'Yes. There are no lock-in contracts. A new rate card is published here before it takes effect and applies only to plays from that moment; plays already made keep their price. You can pause or end campaigns whenever you like.',
  },
  {
    question: 'Do prices include GST?',
    answer: 'No. Rates are shown without GST; it is added on the invoice at the applicable rate.',
  },
] as const;

export function PricingFaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12 divide-y rounded-xl border bg-card shadow-xs">
          {faqs.map((faq) => (
            <details key={faq.question} className="group px-5 sm:px-6 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-medium outline-none focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50">
                {faq.question}
                <ChevronDown
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="pb-5 text-sm leading-relaxed text-muted-foreground">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
