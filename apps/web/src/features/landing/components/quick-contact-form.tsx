import { Send } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
            <div className="grid gap-2">
              <Label htmlFor="contact-first-name">First name</Label>
              <Input id="contact-first-name" name="firstName" autoComplete="given-name" placeholder="Priya" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="contact-last-name">Last name</Label>
              <Input id="contact-last-name" name="lastName" autoComplete="family-name" placeholder="Sharma" />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="contact-email">Business email</Label>
            <Input id="contact-email" name="email" type="email" autoComplete="email" placeholder="you@company.com" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="contact-company">Company</Label>
            <Input
              id="contact-company"
              name="company"
              autoComplete="organization"
              placeholder="Company or outlet name"
            />
          </div>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="contact-message">Message</Label>
            <Textarea
              id="contact-message"
              name="message"
              rows={4}
              className="min-h-28 flex-1"
              placeholder="How many screens or outlets, which cities, what you'd like to advertise…"
            />
          </div>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
            <Send aria-hidden="true" />
            Send Message
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
