import { CalendarDays, Download, Handshake, Headset, type LucideIcon, TrendingUp } from 'lucide-react';
import { SectionHeading } from '@/components/marketing/section-heading';
import { Button } from '@/components/ui/button';
import { QuickContactForm } from '@/features/landing/components/quick-contact-form';

type ContactPoint = { title: string; text: string; email: string; Icon: LucideIcon };

const contactPoints: ContactPoint[] = [
  {
    title: 'Sales',
    text: 'Plans, rates and advertising campaigns.',
    email: 'sales@adloop.app',
    Icon: TrendingUp,
  },
  {
    title: 'Technical support',
    text: 'Screens, passcodes and playback issues.',
    email: 'support@adloop.app',
    Icon: Headset,
  },
  {
    title: 'Partnership',
    text: 'Agencies, ad networks and outlet chains.',
    email: 'partners@adloop.app',
    Icon: Handshake,
  },
];

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[5fr_7fr] lg:gap-16 lg:px-8">
        <div>
          <SectionHeading
            id="contact-title"
            eyebrow="Contact"
            title="Let's get your screens earning"
            description="Whether you own the wall or buy the plays, a person replies within one business day."
            align="left"
          />

          <ul className="mt-10 space-y-3">
            {contactPoints.map(({ title, text, email, Icon }) => (
              <li key={title} className="flex items-start gap-4 rounded-xl border bg-card p-4 shadow-xs">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold">{title}</h3>
                  <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
                  <a
                    href={`mailto:${email}`}
                    className="mt-1 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {email}
                  </a>
                </div>
              </li>
            ))}
          </ul>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-11 px-6">
              <a href="mailto:sales@adloop.app?subject=Schedule%20a%20demo">
                <CalendarDays aria-hidden="true" />
                Schedule Demo
              </a>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-11 px-6">
              <a href="/adloop-brochure.html" download="adloop-brochure.html">
                <Download aria-hidden="true" />
                Download Brochure
              </a>
            </Button>
          </div>
        </div>

        <QuickContactForm />
      </div>
    </section>
  );
}
