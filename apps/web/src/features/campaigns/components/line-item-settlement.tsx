import type { LineItemDelivery } from '@adloop/contract/campaign-delivery';
import { shortfallResolutionCreateSchema } from '@adloop/contract/make-goods';
import { can } from '@adloop/contract/permissions';
import { format } from 'date-fns';
import { BadgeCheckIcon, CalendarPlusIcon, HandCoinsIcon, InfoIcon, ScaleIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useResolveShortfall } from '@/features/campaigns/api/resolve-shortfall';
import { formatGoalQuantity } from '@/features/campaigns/lib/delivery';
import { defaultMakeGoodFlight } from '@/features/campaigns/lib/make-good';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

type Tone = 'owed' | 'settled' | 'note';

const TONES: Record<Tone, string> = {
  owed: 'border-amber-500/40 bg-amber-500/5',
  settled: 'border-emerald-500/30 bg-emerald-500/5',
  note: 'border-border bg-muted/30',
};

function Panel({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: Tone;
  icon: typeof InfoIcon;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={cn('grid gap-2 rounded-md border px-3 py-3 text-sm', TONES[tone])} data-testid="settlement">
      <h4 className="flex items-start gap-2 font-medium">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{title}</span>
      </h4>
      {children}
    </section>
  );
}

function CampaignLink({ id, name }: { id: string; name: string }) {
  return (
    <Link to={paths.campaign.getHref(id)} className="font-medium underline underline-offset-4">
      {name}
    </Link>
  );
}

/** The make-good's flight, asked for in a dialog: the server books it at once, or says what fits. */
function MakeGoodForm({
  campaignId,
  item,
  onDone,
}: {
  campaignId: string;
  item: LineItemDelivery;
  onDone: () => void;
}) {
  const resolve = useResolveShortfall();
  const form = useForm({
    resolver: formResolver(shortfallResolutionCreateSchema),
    defaultValues: { kind: 'MAKE_GOOD' as const, ...defaultMakeGoodFlight(item) },
  });
  const onSubmit = form.handleSubmit(async (resolution) => {
    try {
      const made = await resolve.mutateAsync({ campaignId, lineItemId: item.line_item_id, resolution });
      toast.success('Make-good booked', { description: `“${made.make_good?.campaign_name}”` });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['starts_on', 'ends_on'], 'starts_on');
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="starts_on" label="First day" type="date" />
          <TextField control={form.control} name="ends_on" label="Last day" type="date" />
        </div>
        <p className="text-xs text-muted-foreground">
          Local dates of each screen, as the flight's were. A day already begun anywhere cannot be chosen.
        </p>
        <FormDialogFooter
          onCancel={onDone}
          submitLabel="Book make-good"
          pending={form.formState.isSubmitting}
          holdWhilePending
        />
      </form>
    </Form>
  );
}

/** What a global admin may do with a shortfall still owed: a make-good (with its flight) or a credit. */
function SettleActions({ campaignId, item, credit }: { campaignId: string; item: LineItemDelivery; credit: number }) {
  const resolve = useResolveShortfall();
  const confirm = useConfirmDialog();
  const [makingGood, setMakingGood] = useState(false);
  const short = formatGoalQuantity(item.goal_kind, item.shortfall_quantity ?? 0);
  const amount = formatMoney(credit, 'INR');
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => setMakingGood(true)}>
        <CalendarPlusIcon aria-hidden="true" />
        Propose make-good
      </Button>
      {credit > 0 ? (
        <Button
          type="button"
          size="sm"
          onClick={() =>
            confirm.ask({
              title: `Credit ${amount} to the advertiser?`,
              description: `The shortfall's share of the price quoted for “${item.name}”: ${short} of ${formatGoalQuantity(item.goal_kind, item.goal_quantity)}. It is added to the advertiser's balance at once, and the line item is settled: no make-good can follow.`,
              confirmLabel: `Credit ${amount}`,
              onConfirm: async () => {
                await resolve.mutateAsync({
                  campaignId,
                  lineItemId: item.line_item_id,
                  resolution: { kind: 'CREDIT' },
                });
                toast.success(`Credited ${amount}`, { description: `“${item.name}”` });
              },
            })
          }
        >
          <HandCoinsIcon aria-hidden="true" />
          Credit {amount}
        </Button>
      ) : null}
      <FormDialog
        open={makingGood}
        onClose={() => setMakingGood(false)}
        title={`Make good ${short}`}
        description={`A new campaign for the advertiser, booked at once: ${short} of “${item.name}” with the same screens' targeting, creatives and spot length, paced evenly. Its plays cost the advertiser nothing — a credit of its quote pays for them — and venues are paid for them as for any play.`}
      >
        {makingGood ? <MakeGoodForm campaignId={campaignId} item={item} onDone={() => setMakingGood(false)} /> : null}
      </FormDialog>
      {confirm.dialog}
    </div>
  );
}

/**
 * A line item's shortfall once its campaign is over (decision 086): what is owed and, for a global
 * admin, the make-good and credit that settle it; how it was settled; or, for a make-good, what it
 * makes good. Nothing when nothing is owed and nothing fell short.
 */
export function LineItemSettlement({ campaignId, item }: { campaignId: string; item: LineItemDelivery }) {
  const { user } = useAuth();
  const { settlement } = item;
  const short = formatGoalQuantity(item.goal_kind, item.shortfall_quantity ?? 0);

  if (settlement.makes_good) {
    const original = settlement.makes_good;
    return (
      <Panel
        tone="note"
        icon={ScaleIcon}
        title={
          <>
            Make-good for “{original.line_item_name}” of{' '}
            <CampaignLink id={original.campaign_id} name={original.campaign_name} />
          </>
        }
      >
        <p className="text-muted-foreground">
          Its plays are free to the advertiser: a credit of its quote paid for them.
        </p>
      </Panel>
    );
  }

  const resolution = settlement.resolution;
  if (resolution) {
    const on = format(new Date(resolution.resolved_at), 'd MMM yyyy');
    const settledShort = formatGoalQuantity(item.goal_kind, resolution.shortfall_quantity);
    return resolution.make_good ? (
      <Panel
        tone="settled"
        icon={BadgeCheckIcon}
        title={
          <>
            Made good by campaign{' '}
            <CampaignLink id={resolution.make_good.campaign_id} name={resolution.make_good.campaign_name} />
          </>
        }
      >
        <p className="text-muted-foreground">
          On {on}, for the {settledShort} short: delivered free of charge, paid by a credit of{' '}
          {formatMoney(resolution.credit_minor, 'INR')}.
        </p>
      </Panel>
    ) : (
      <Panel tone="settled" icon={BadgeCheckIcon} title={`Credited ${formatMoney(resolution.credit_minor, 'INR')}`}>
        <p className="text-muted-foreground">
          On {on}, to the advertiser's balance, for the {settledShort} short.
        </p>
      </Panel>
    );
  }

  if (settlement.state === 'OPEN') {
    const credit = settlement.credit_minor ?? 0;
    const mayResolve = can(user.role, 'campaigns', 'resolve');
    return (
      <Panel tone="owed" icon={HandCoinsIcon} title={`Ended ${short} short of its guaranteed goal`}>
        {mayResolve ? (
          <>
            <p className="text-muted-foreground">
              Settle it once: a make-good delivers the {short} free of charge in a new flight, or a credit of{' '}
              {formatMoney(credit, 'INR')} — the shortfall's share of the quoted price — goes to the advertiser's
              balance.
            </p>
            <SettleActions campaignId={campaignId} item={item} credit={credit} />
          </>
        ) : (
          <p className="text-muted-foreground">
            AdLoop settles it with a make-good (the {short} delivered free in a new flight) or a credit of{' '}
            {formatMoney(credit, 'INR')} to your balance.
          </p>
        )}
      </Panel>
    );
  }

  // Short but owed nothing (not guaranteed, say): the reason, once the flight is over.
  if (settlement.reason && (item.shortfall_quantity ?? 0) > 0) {
    return <Panel tone="note" icon={InfoIcon} title={settlement.reason} />;
  }
  return null;
}
