import type { Campaign, LineItem } from '@adloop/contract/campaigns';
import { can } from '@adloop/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form } from '@/components/ui/form';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { type CampaignTransition, useTransitionCampaign } from '@/features/campaigns/api/campaign-transitions';
import { createLineItem, lineItemKeys } from '@/features/campaigns/api/line-items';
import { useCampaignQuote } from '@/features/campaigns/api/quote-campaign';
import { AvailabilityHeatMap } from '@/features/campaigns/components/availability-heat-map';
import { CampaignDetailsCard } from '@/features/campaigns/components/campaign-details-card';
import { CreativesCard } from '@/features/campaigns/components/creatives-card';
import { FlightCard } from '@/features/campaigns/components/flight-card';
import { QuotePanel } from '@/features/campaigns/components/quote-panel';
import { TargetingCard } from '@/features/campaigns/components/targeting-card';
import { useDraftAutosave } from '@/features/campaigns/hooks/use-draft-autosave';
import {
  availabilityQueryOf,
  type BookingValues,
  bookingFormSchema,
  campaignBody,
  lineItemBody,
  newBookingValues,
  savedBookingValues,
} from '@/features/campaigns/lib/booking-form';
import { useAuth } from '@/lib/auth-context';
import { formResolver } from '@/lib/form-resolver';
import { ApiError } from '@/lib/http';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

type BookingFormProps = {
  /** The saved draft; absent on a new booking. */
  campaign?: Campaign;
  /** Its flight; absent until the draft is first saved. */
  lineItem?: LineItem;
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The booking form: campaign, flight and goal, where and when, creatives; beside them what is
 * available (the heat map) and the quote. The first save makes the draft; after that every edit is
 * saved as it settles and re-quoted, until it is held or booked.
 */
export function BookingForm({ campaign, lineItem }: BookingFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const chooseCompany = user.role === 'GLOBAL_ADMIN';
  const mayBook = can(user.role, 'campaigns', 'update');
  const form = useForm({
    resolver: formResolver(
      bookingFormSchema.superRefine((values, context) => {
        if (chooseCompany && !values.company_id) {
          context.addIssue({ code: 'custom', path: ['company_id'], message: 'Choose the advertiser' });
        }
      }),
    ),
    defaultValues: campaign ? savedBookingValues(campaign, lineItem, today()) : newBookingValues(today()),
  });
  const values = useWatch({ control: form.control });
  const formValues = { ...newBookingValues(today()), ...values } as ReturnType<typeof newBookingValues>;
  const save = useDraftAutosave(campaign, lineItem, formValues);
  const saved = campaign !== undefined && lineItem !== undefined;
  const quote = useCampaignQuote(campaign?.id ?? '', saved && campaign.status !== 'CANCELLED');
  const transition = useTransitionCampaign();
  const [pending, setPending] = useState<CampaignTransition | 'create' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const editable = campaign === undefined || campaign.status === 'DRAFT';

  const create = form.handleSubmit(async (valid: BookingValues) => {
    setPending('create');
    try {
      const draft = campaign ?? (await campaignResource.create(campaignBody(valid, chooseCompany)));
      queryClient.setQueryData(campaignResource.keys.detail(draft.id), draft);
      const flight = await createLineItem(draft.id, lineItemBody(valid));
      queryClient.setQueryData(lineItemKeys(draft.id), [flight]);
      await queryClient.invalidateQueries({ queryKey: campaignResource.keys.all });
      toast.success('Draft saved', { description: `“${draft.name}” is priced below. Hold or book it when ready.` });
      navigate(paths.editCampaign.getHref(draft.id), { replace: true });
    } catch {
      // The HTTP client has toasted why; the form stays as typed for another try.
    } finally {
      setPending(null);
    }
  });

  const move = async (action: 'hold' | 'book') => {
    if (!campaign) return;
    setPending(action);
    setRefusal(null);
    try {
      const moved = await transition.mutateAsync({ id: campaign.id, action });
      if (action === 'book') {
        toast.success('Campaign booked', { description: `“${moved.name}”: its screen-hours and budget are reserved.` });
        navigate(paths.campaign.getHref(moved.id));
      } else {
        toast.success('Held for 24 hours', {
          description: 'Its screen-hours are reserved until then. Book it to keep them.',
        });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
    } finally {
      setPending(null);
    }
  };

  return (
    <Form {...form}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!saved) void create();
        }}
        noValidate
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
      >
        <fieldset disabled={!editable || !mayBook} className="grid min-w-0 gap-6">
          <CampaignDetailsCard
            control={form.control}
            chooseCompany={chooseCompany && !campaign}
            companyName={campaign?.company.name}
          />
          <FlightCard control={form.control} />
          <TargetingCard control={form.control} />
          <AvailabilityHeatMap query={availabilityQueryOf(formValues)} />
          <CreativesCard
            control={form.control}
            companyId={chooseCompany ? campaign?.company_id : undefined}
            chooseCompany={chooseCompany && !campaign}
          />
        </fieldset>
        <QuotePanel
          campaign={campaign}
          saved={saved}
          save={save}
          quote={quote}
          goal={lineItem ? { kind: lineItem.goal_kind, quantity: lineItem.goal_quantity } : null}
          mayBook={mayBook}
          pending={pending}
          refusal={refusal}
          onCreate={() => void create()}
          onTransition={(action) => void move(action)}
        />
      </form>
    </Form>
  );
}
