import type { CampaignQuote } from '@adloop/contract/campaign-booking';
import type { Campaign, GoalKind } from '@adloop/contract/campaigns';
import { format } from 'date-fns';
import {
  AlertTriangleIcon,
  CalendarCheckIcon,
  CheckCircle2Icon,
  HourglassIcon,
  Loader2Icon,
  SaveIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/form/submit-button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { CampaignTransition } from '@/features/campaigns/api/campaign-transitions';
import type { DraftSaveState } from '@/features/campaigns/hooks/use-draft-autosave';
import { formatGoalQuantity, formatPlays, pricePerPlayMinor } from '@/features/campaigns/lib/delivery';
import { quoteAudience } from '@/features/campaigns/lib/quote';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

const SAVE_LINES: Record<DraftSaveState['status'], string> = {
  saved: 'Draft saved. The quote is for what you see.',
  editing: 'Editing… the quote updates when you pause.',
  invalid: 'Fix the highlighted fields to update the quote.',
  saving: 'Saving the draft…',
  failed: 'Not saved',
};

type QuotePanelProps = {
  campaign: Campaign | undefined;
  /** Whether the draft has a saved flight to quote. */
  saved: boolean;
  save: DraftSaveState;
  quote: { data: CampaignQuote | undefined; isLoading: boolean; isFetching: boolean; error: Error | null };
  /** The saved flight's goal, the one the quote plans; null before the draft is saved. */
  goal: { kind: GoalKind; quantity: number } | null;
  /** The buyer may save, hold and book (company admin of the advertiser, global admin). */
  mayBook: boolean;
  pending: CampaignTransition | 'create' | null;
  /** The last refusal of a hold or a booking: it names what fits, or the budget. */
  refusal: string | null;
  onCreate: () => void;
  onTransition: (action: 'hold' | 'book') => void;
};

function Figure({ label, value, note, tone }: { label: string; value: ReactNode; note?: ReactNode; tone?: 'warn' }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn('text-base font-semibold tabular-nums', tone === 'warn' && 'text-amber-700 dark:text-amber-300')}
      >
        {value}
      </dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function QuoteFigures({ quote, goal, stale }: { quote: CampaignQuote; goal: QuotePanelProps['goal']; stale: boolean }) {
  const planned = quote.line_items.reduce((sum, item) => sum + item.planned_plays, 0);
  const goalPlays = quote.line_items.reduce((sum, item) => sum + item.goal_plays, 0);
  const shortfall = quote.line_items.reduce((sum, item) => sum + item.shortfall_plays, 0);
  const perPlay = pricePerPlayMinor(quote.total_minor, planned);
  const audience = quoteAudience(quote);
  const inImpressions = goal?.kind === 'IMPRESSIONS';
  return (
    <div className={cn('grid gap-4', stale && 'opacity-60')} data-testid="campaign-quote" aria-live="polite">
      <div>
        <p className="text-xs text-muted-foreground">Price</p>
        <p className="text-3xl font-semibold tracking-tight tabular-nums">{formatMoney(quote.total_minor, 'INR')}</p>
        <p className="text-xs text-muted-foreground">Rupees, before any taxes; priced per screen by tier and hour.</p>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        {inImpressions && goal ? (
          <Figure
            label="Planned impressions"
            value={formatGoalQuantity('IMPRESSIONS', audience.impressions)}
            note={`of a goal of ${formatGoalQuantity('IMPRESSIONS', goal.quantity)}, in ${formatPlays(planned)}`}
          />
        ) : (
          <Figure label="Planned" value={formatPlays(planned)} note={`of a goal of ${formatPlays(goalPlays)}`} />
        )}
        {audience.impressions > 0 && !inImpressions ? (
          <Figure
            label="Impressions (estimated)"
            value={formatGoalQuantity('IMPRESSIONS', audience.impressions)}
            note="people who see the planned plays"
          />
        ) : null}
        {audience.cpmMinor !== null ? (
          <div className="grid content-start gap-0.5" data-testid="quote-cpm">
            <dt className="text-xs text-muted-foreground">Effective CPM</dt>
            <dd className="text-base font-semibold tabular-nums">
              {formatMoney(audience.cpmMinor, 'INR')}
              <span className="block text-xs font-normal text-muted-foreground"> per 1,000 impressions</span>
            </dd>
          </div>
        ) : null}
        <Figure
          label="Average a play"
          value={perPlay === null ? '—' : formatMoney(perPlay, 'INR')}
          note={perPlay === null ? undefined : `${formatMoney(perPlay * 1000, 'INR', { whole: true })} per 1,000 plays`}
        />
        {shortfall > 0 ? (
          <Figure
            label="Shortfall"
            value={formatPlays(shortfall)}
            note={
              inImpressions
                ? 'Plays the goal needs at these screens’ audience that no screen-hour can take.'
                : 'No screen-hour left to take them.'
            }
            tone="warn"
          />
        ) : null}
      </dl>
      {audience.impressions > 0 ? (
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <UsersIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {inImpressions
            ? 'Impressions are people who see a play, by each screen’s audience estimate; screens without one are left out.'
            : 'Impressions are people who see a play, by the screens’ audience estimates.'}
        </p>
      ) : null}
      {quote.fits ? (
        <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300">
          <CheckCircle2Icon className="size-4" aria-hidden="true" />
          The whole goal fits what is available.
        </p>
      ) : (
        <p className="flex items-start gap-2 text-sm text-amber-700 dark:text-amber-300">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Not all of the goal fits: widen the targeting or the flight, lengthen the dayparts, or lower the goal.
        </p>
      )}
    </div>
  );
}

/** Why there is no quote: for an impressions goal that reaches no estimated audience, said plainly with a way out. */
function QuoteError({ error, goal }: { error: Error; goal: QuotePanelProps['goal'] }) {
  if (goal?.kind !== 'IMPRESSIONS') {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        No quote yet: {error.message}
      </p>
    );
  }
  return (
    <div
      className="grid gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
      role="alert"
      data-testid="quote-error"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
        No impressions to sell here yet
      </p>
      <p className="break-words">{error.message}</p>
      <p className="text-xs">
        An audience estimate is set on each screen's page (Screens → the screen → Audience) by AdLoop or the outlet.
        Until then, buy plays or a budget instead.
      </p>
    </div>
  );
}

/** The draft's quote, kept up to date as the buyer edits, and the buttons that hold or book it. */
export function QuotePanel(props: QuotePanelProps) {
  const { campaign, saved, save, quote, mayBook, pending, refusal } = props;
  const draft = campaign?.status === 'DRAFT';
  const held = campaign?.status === 'HELD';
  const busy = pending !== null || save.status === 'saving' || save.status === 'editing';
  // A failed re-quote keeps the last good answer in `data`: the failure is what the draft now says.
  const failed = quote.error !== null;
  const stale = busy || quote.isFetching;

  return (
    <Card className="gap-4 lg:sticky lg:top-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Quote
          {saved && stale ? (
            <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-label="Updating" />
          ) : null}
        </CardTitle>
        <CardDescription>
          {saved
            ? draft
              ? SAVE_LINES[save.status]
              : held && campaign?.hold_expires_at
                ? `Held until ${format(new Date(campaign.hold_expires_at), 'd MMM, HH:mm')} (your time). Book it before then.`
                : 'The plan as it stands now.'
            : 'Save the draft to plan it over the screens available and price it by the rate card.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {save.status === 'failed' ? (
          <p
            className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            role="alert"
          >
            Not saved: {save.message}
          </p>
        ) : null}
        {!saved ? null : quote.error ? (
          <QuoteError error={quote.error} goal={props.goal} />
        ) : quote.data ? (
          <QuoteFigures quote={quote.data} goal={props.goal} stale={stale} />
        ) : quote.isLoading ? (
          <Skeleton className="h-40 w-full rounded-lg" aria-busy="true" />
        ) : null}
        {refusal ? (
          <p
            className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            role="alert"
          >
            {refusal}
          </p>
        ) : null}
      </CardContent>
      {mayBook ? (
        <CardFooter className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
          {!saved ? (
            <SubmitButton
              type="button"
              pending={pending === 'create'}
              icon={SaveIcon}
              onClick={props.onCreate}
              className="w-full sm:flex-1"
            >
              Save draft and get a price
            </SubmitButton>
          ) : (
            <>
              {draft ? (
                <SubmitButton
                  type="button"
                  variant="outline"
                  pending={pending === 'hold'}
                  disabled={busy || failed || !quote.data}
                  icon={HourglassIcon}
                  onClick={() => props.onTransition('hold')}
                  className="w-full sm:flex-1"
                >
                  Hold 24 h
                </SubmitButton>
              ) : null}
              {draft || held ? (
                <SubmitButton
                  type="button"
                  pending={pending === 'book'}
                  disabled={busy || failed || !quote.data}
                  icon={CalendarCheckIcon}
                  onClick={() => props.onTransition('book')}
                  className="w-full sm:flex-1"
                >
                  Book
                </SubmitButton>
              ) : null}
            </>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}
