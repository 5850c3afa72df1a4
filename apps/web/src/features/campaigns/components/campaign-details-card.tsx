import { CompanyField } from '@/components/form/company-field';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { MoneyInput } from '@/components/money-input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BookingControl } from '@/features/campaigns/lib/booking-form';

type CampaignDetailsCardProps = {
  control: BookingControl;
  /** A global admin books for a company; company staff book for their own. */
  chooseCompany: boolean;
  /** The saved campaign's company, shown once it is chosen for good. */
  companyName?: string;
};

/** The campaign: whose it is, its name and the most it may cost. */
export function CampaignDetailsCard({ control, chooseCompany, companyName }: CampaignDetailsCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Campaign</CardTitle>
        <CardDescription>What you are buying, for whom, and the most it may cost.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {companyName ? (
          <div className="grid gap-1">
            <span className="text-sm font-medium">Advertiser</span>
            <span className="text-sm text-muted-foreground">{companyName}</span>
          </div>
        ) : chooseCompany ? (
          <CompanyField
            control={control}
            name="company_id"
            label="Advertiser"
            description="The company the campaign is booked for; its balance pays for it."
          />
        ) : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            control={control}
            name="name"
            label="Campaign name"
            placeholder="e.g. Diwali week, cafés in Bengaluru"
            autoComplete="off"
          />
          <Field
            control={control}
            name="budget_cap_minor"
            label="Budget cap (optional)"
            description="In rupees (₹). Booking is refused if the price is above it."
          >
            {(field) => (
              <MoneyInput
                currency="INR"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
                placeholder="No cap"
              />
            )}
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
