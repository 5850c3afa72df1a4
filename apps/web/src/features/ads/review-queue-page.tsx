import { type Ad, adListQuerySchema } from '@adloop/contract/ads';
import { format, formatDistanceToNow } from 'date-fns';
import { CheckIcon, ClipboardCheckIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RevisionChanges } from '@/features/ads/components/ad-revision-card';
import { AdThumbnail } from '@/features/ads/components/ad-thumbnail';
import { RejectAdDialog } from '@/features/ads/components/reject-ad-dialog';
import { useAdCommands } from '@/features/ads/hooks/use-ad-commands';
import { useResourcePage } from '@/hooks/use-resource-page';
import { paths } from '@/lib/paths';
import { type AdListQuery, adResource } from '@/lib/resources/ads';

const FILTERS = ['type'] as const;
const TYPE_OPTIONS = [
  { value: 'IMAGE', label: 'Images' },
  { value: 'VIDEO', label: 'Videos' },
];

/** The ads list narrowed to what waits for review (decision 091), oldest first unless sorted otherwise. */
const reviewQueue = {
  listQuerySchema: adListQuerySchema,
  listOptions: (query: AdListQuery) => adResource.listOptions({ ...query, awaiting_review: 'true' }),
};

/** A new ad waits as a whole; a live ad waits with an edit of its content or its variants. */
const isEdit = (ad: Ad) => ad.status !== 'PENDING_REVIEW' && ad.revision?.status === 'PENDING';

/** Since when it waits: the edit's sending, or the new ad's last change (its submission). */
const waitingSince = (ad: Ad) => (isEdit(ad) && ad.revision ? ad.revision.submitted_at : ad.updated_at);

function Waiting({ ad }: { ad: Ad }) {
  if (!isEdit(ad) || !ad.revision) {
    return (
      <div className="grid gap-1 text-sm">
        <Badge variant="outline" className="w-fit border-sky-500/40 text-sky-800 dark:text-sky-300">
          New ad
        </Badge>
        <span className="text-xs text-muted-foreground">Not on any screen until approved.</span>
      </div>
    );
  }
  return (
    <div className="grid gap-1 text-sm">
      <Badge variant="outline" className="w-fit border-amber-500/40 text-amber-800 dark:text-amber-300">
        Edit of a live ad
      </Badge>
      <RevisionChanges revision={ad.revision} className="gap-0.5 text-xs" />
    </div>
  );
}

/**
 * Everything waiting for a reviewer, in one queue (decision 091): new ads, edits of live ads and
 * their variants, each with what it changes and the buttons to answer it, each answer confirmed.
 */
export function ReviewQueuePage() {
  const page = useResourcePage(reviewQueue, FILTERS);
  const commands = useAdCommands();

  const columns: DataColumn<Ad>[] = [
    {
      id: 'title',
      header: 'Ad',
      sortField: 'title',
      primary: true,
      className: 'min-w-56 max-w-72',
      cell: (ad) => (
        <div className="flex min-w-0 items-center gap-3">
          <AdThumbnail ad={ad} />
          <div className="min-w-0">
            <Link
              to={paths.editAd.getHref(ad.id)}
              className="block truncate font-medium underline-offset-4 hover:underline"
            >
              {ad.title}
            </Link>
            <span className="block truncate text-xs text-muted-foreground">{ad.company.name}</span>
          </div>
        </div>
      ),
    },
    { id: 'waiting', header: 'Waiting for review', className: 'min-w-56', cell: (ad) => <Waiting ad={ad} /> },
    {
      id: 'waiting_since',
      header: 'Sent',
      sortField: 'waiting_since',
      className: 'whitespace-nowrap',
      cell: (ad) => {
        const since = waitingSince(ad);
        const by = isEdit(ad) ? ad.revision?.submitted_by?.name : undefined;
        return (
          <div className="text-sm text-muted-foreground">
            <time dateTime={since} title={format(new Date(since), 'PPpp')}>
              {formatDistanceToNow(new Date(since), { addSuffix: true })}
            </time>
            {by ? <span className="block truncate text-xs">by {by}</span> : null}
          </div>
        );
      },
    },
    {
      id: 'answer',
      header: 'Answer',
      cell: (ad) => {
        const edit = isEdit(ad);
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              disabled={commands.pending}
              aria-label={`${edit ? 'Approve edit of' : 'Approve'} ${ad.title}`}
              onClick={() => (edit ? commands.approveEdit(ad) : commands.perform(ad, 'approve'))}
            >
              <CheckIcon aria-hidden="true" />
              {edit ? 'Approve edit' : 'Approve'}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={commands.pending}
              aria-label={`${edit ? 'Reject edit of' : 'Reject'} ${ad.title}`}
              onClick={() => (edit ? commands.rejectEdit(ad) : commands.perform(ad, 'reject'))}
            >
              <XIcon aria-hidden="true" />
              {edit ? 'Reject edit' : 'Reject'}
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <ResourceList
      description="New ads and edits of live ads, their variants included, oldest first. Screens keep playing what was approved until you answer."
      page={page}
      table={{ label: 'Review queue', noun: 'ads waiting', columns }}
      search={{ label: 'Search the queue', placeholder: 'Search by title or company…' }}
      filters={<PageFilterSelect page={page} name="type" label="Type" allLabel="All types" options={TYPE_OPTIONS} />}
      icon={ClipboardCheckIcon}
      empty={{
        title: 'Nothing is waiting for review',
        description: 'New ads sent for review and advertisers’ edits of live ads appear here.',
      }}
      filteredEmpty={{ title: 'Nothing waiting matches', description: 'Try another search or clear the filters.' }}
    >
      <RejectAdDialog ad={commands.rejecting} onClose={commands.closeReject} />
      {commands.confirmDialog}
    </ResourceList>
  );
}
