import type { Campaign, LineItem, LineItemUpdate } from '@adloop/contract/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { campaignResource, saveCampaignDraft } from '@/features/campaigns/api/campaign-resource';
import { lineItemKeys, saveLineItemDraft } from '@/features/campaigns/api/line-items';
import { quoteKey } from '@/features/campaigns/api/quote-campaign';
import {
  type BookingFormValues,
  bookingFormSchema,
  campaignChanges,
  lineItemBody,
  lineItemChanges,
} from '@/features/campaigns/lib/booking-form';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const AUTOSAVE_DEBOUNCE_MS = 600;

export type DraftSaveState =
  | { status: 'saved' }
  | { status: 'editing' }
  | { status: 'invalid' }
  | { status: 'saving' }
  | { status: 'failed'; message: string };

/**
 * A saved draft follows the form: once the buyer stops typing and the form is valid, what changed
 * is sent (campaign, then line item) one save after another, and the quote is asked again.
 */
export function useDraftAutosave(
  campaign: Campaign | undefined,
  lineItem: LineItem | undefined,
  values: BookingFormValues,
): DraftSaveState {
  const queryClient = useQueryClient();
  const text = JSON.stringify(values);
  const settled = useDebouncedValue(text, AUTOSAVE_DEBOUNCE_MS);
  const [state, setState] = useState<DraftSaveState>({ status: 'saved' });
  const saved = useRef({ campaign, lineItem });
  const queue = useRef(Promise.resolve());
  const active = campaign?.status === 'DRAFT' && lineItem !== undefined;

  useEffect(() => {
    if (!active) return;
    const parsed = bookingFormSchema.safeParse(JSON.parse(settled));
    if (!parsed.success) {
      setState({ status: 'invalid' });
      return;
    }
    queue.current = queue.current.then(async () => {
      const { campaign: lastCampaign, lineItem: lastLineItem } = saved.current;
      if (!lastCampaign || !lastLineItem) return;
      const campaignEdit = campaignChanges(lastCampaign, parsed.data);
      const lineItemEdit = lineItemChanges(lastLineItem, lineItemBody(parsed.data));
      if (Object.keys(campaignEdit).length === 0 && Object.keys(lineItemEdit).length === 0) {
        setState((current) => (current.status === 'failed' ? current : { status: 'saved' }));
        return;
      }
      setState({ status: 'saving' });
      try {
        if (Object.keys(campaignEdit).length > 0) {
          const next = await saveCampaignDraft(lastCampaign.id, campaignEdit);
          saved.current = { ...saved.current, campaign: next };
          queryClient.setQueryData(campaignResource.keys.detail(next.id), next);
        }
        if (Object.keys(lineItemEdit).length > 0) {
          const next = await saveLineItemDraft(lastCampaign.id, lastLineItem.id, lineItemEdit as LineItemUpdate);
          saved.current = { ...saved.current, lineItem: next };
          queryClient.setQueryData(lineItemKeys(lastCampaign.id), (items: LineItem[] | undefined) =>
            (items ?? [next]).map((item) => (item.id === next.id ? next : item)),
          );
        }
        await queryClient.invalidateQueries({ queryKey: quoteKey(lastCampaign.id) });
        setState({ status: 'saved' });
      } catch (error) {
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    });
  }, [active, settled, queryClient]);

  if (!active) return { status: 'saved' };
  if (settled !== text && state.status !== 'saving') return { status: 'editing' };
  return state;
}
