import { PageShell } from '@/components/layouts/page-shell';
import { BookingForm } from '@/features/campaigns/components/booking-form';

export function CreateCampaignPage() {
  return (
    <PageShell description="Choose where and when, see what is available and its price, then hold or book it.">
      <BookingForm />
    </PageShell>
  );
}
