import { Send } from 'lucide-react';
import type * as React from 'react';
import { PlainField } from '@/components/form/plain-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

// The spec gives this form no submit behaviour and no validation: submitting only stays on the page.
function keepOnPage(event: React.FormEvent<HTMLFormElement>) {
  event.preventDefault();
}

export function QuickContactForm() {
  return (
    <Card className="gap-6 shadow-lg shadow-primary/5">
      <CardHeader>
        <CardTitle>
          <h3 id="quick-contact-title" className="text-xl font-semibold tracking-tight">
            Quick Contact
          </h3>
        </CardTitle>
        <CardDescription>Tell us about your venue or campaign and the right team will pick it up.</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <form
          aria-labelledby="quick-contact-title"
          noValidate
          onSubmit={keepOnPage}
          className="flex h-full flex-col gap-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <PlainField id="contact-first-name" label="First name">
              <Input id="contact-first-name" name="firstName" autoComplete="given-name" placeholder="Priya" />
            </PlainField>
            <PlainField id="contact-last-name" label="Last name">
              <Input id="contact-last-name" name="lastName" autoComplete="family-name" placeholder="Sharma" />
            </PlainField>
          </div>
          <PlainField id="contact-email" label="Business email">
            <Input id="contact-email" name="email" type="email" autoComplete="email" placeholder="you@company.com" />
          </PlainField>
          <PlainField id="contact-company" label="Company">
            <Input
              id="contact-company"
              name="company"
              autoComplete="organization"
              placeholder="Company or outlet name"
            />
          </PlainField>
          <PlainField id="contact-message" label="Message" className="flex flex-1 flex-col gap-2">
            <Textarea
              id="contact-message"
              name="message"
              rows={4}
              className="min-h-28 flex-1"
              placeholder="How many screens or outlets, which cities, what you'd like to advertise…"
            />
          </PlainField>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
            <Send aria-hidden="true" />
            Send Message
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
