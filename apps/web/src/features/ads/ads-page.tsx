import { AD_STATUSES, type Ad } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import { makesHouseContent, mayChangeAd } from '@adloop/contract/house-content';
import { can } from '@adloop/contract/permissions';
import { format, formatDistanceToNow } from 'date-fns';
import { CheckIcon, EyeIcon, MegaphoneIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/list-toolbar';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { DeleteRowAction, EditRowAction } from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { Badge } from '@/components/ui/badge';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { AdPreviewDialog } from '@/features/ads/components/ad-preview-dialog';
import { AD_STATUS_LABELS, AdStatusBadge } from '@/features/ads/components/ad-status-badge';
import { AdThumbnail } from '@/features/ads/components/ad-thumbnail';
import { RejectAdDialog } from '@/features/ads/components/reject-ad-dialog';
import { useAdCommands } from '@/features/ads/hooks/use-ad-commands';
import { AD_ACTIONS, availableAdActions } from '@/features/ads/lib/ad-workflow';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { adResource } from '@/lib/resources/ads';
import { useCompanyOptions } from '@/lib/resources/companies';

const FILTERS = ['status', 'awaiting_review', 'type', 'company_id'] as const;
// New ads and edits of live ads alike (decision 091), which a status alone cannot say.
const REVIEW_OPTIONS = [{ value: 'true', label: 'Awaiting review' }];
const STATUS_OPTIONS = AD_STATUSES.map((status) => ({ value: status, label: AD_STATUS_LABELS[status] }));
const TYPE_OPTIONS = [
  { value: 'IMAGE', label: 'Images' },
  { value: 'VIDEO', label: 'Videos' },
];

function CompanyFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const companies = useCompanyOptions('');
  const options = (companies.data ?? []).map((company) => ({ value: company.id, label: company.name }));
  return <FilterSelect label="Company" value={value} onChange={onChange} allLabel="All companies" options={options} />;
}

export function AdsPage() {
  const { user } = useAuth();
  const page = useResourcePage(adResource, FILTERS);
  const { list, query } = page;
  const commands = useAdCommands();
  const [previewing, setPreviewing] = useState<Ad | null>(null);
  const mayDelete = can(user.role, 'ads', 'delete');
  const isGlobal = user.role === 'GLOBAL_ADMIN';
  // Outlet staff change only their house content (decision 090).
  const house = makesHouseContent(user.role);
  const mayEditAd = (ad: Ad) => mayChangeAd(user.role, 'update', ad);

  const columns: DataColumn<Ad>[] = [
    {
      id: 'title',
      header: 'Ad',
      sortField: 'title',
      primary: true,
      className: 'w-full max-w-0 min-w-64',
      cell: (ad) => (
        <div className="flex min-w-0 items-center gap-3">
          <AdThumbnail ad={ad} />
          <div className="min-w-0">
            {mayEditAd(ad) ? (
              <Link
                to={paths.editAd.getHref(ad.id)}
                className="block truncate font-medium underline-offset-4 hover:underline"
              >
                {ad.title}
              </Link>
            ) : (
              <button
                type="button"
                onClick={() => setPreviewing(ad)}
                className="block max-w-full truncate text-left font-medium underline-offset-4 hover:underline"
              >
                {ad.title}
              </button>
            )}
            <span className="block truncate text-xs text-muted-foreground">{ad.company.name}</span>
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      cell: (ad) => (
        <span
          className="inline-flex flex-wrap items-center gap-1"
          title={ad.status === 'REJECTED' && ad.rejection_reason ? `Rejected: ${ad.rejection_reason}` : undefined}
        >
          <AdStatusBadge status={ad.status} />
          {ad.revision?.status === 'PENDING' ? <Badge variant="outline">Edit awaiting review</Badge> : null}
        </span>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: (ad) =>
        ad.type === 'IMAGE' ? (
          <span>
            Image{' '}
            <span className="text-muted-foreground">· {ad.duration_seconds ?? DEFAULT_IMAGE_DURATION_SECONDS} s</span>
          </span>
        ) : (
          'Video'
        ),
    },
    {
      id: 'version',
      header: 'Version',
      hideOnMobile: true,
      cell: (ad) => <span className="tabular-nums text-muted-foreground">v{ad.version}</span>,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortField: 'updated_at',
      cell: (ad) => (
        <time
          dateTime={ad.updated_at}
          title={format(new Date(ad.updated_at), 'PPpp')}
          className="text-muted-foreground"
        >
          {formatDistanceToNow(new Date(ad.updated_at), { addSuffix: true })}
        </time>
      ),
    },
  ];

  const mayReviewEdit = (ad: Ad) => can(user.role, 'ads', 'approve') && ad.revision?.status === 'PENDING';
  const rowActions = (ad: Ad) => {
    const workflow = availableAdActions(user.role, ad);
    return (
      <RowActions label={`Actions for ${ad.title}`}>
        <DropdownMenuItem onSelect={() => setPreviewing(ad)}>
          <EyeIcon aria-hidden="true" />
          Preview
        </DropdownMenuItem>
        {mayEditAd(ad) ? <EditRowAction to={paths.editAd.getHref(ad.id)} /> : null}
        {workflow.length > 0 || mayReviewEdit(ad) ? <DropdownMenuSeparator /> : null}
        {workflow.map((action) => {
          const meta = AD_ACTIONS[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => commands.perform(ad, action)}>
              <meta.icon aria-hidden="true" />
              {meta.label}
            </DropdownMenuItem>
          );
        })}
        {mayReviewEdit(ad) ? (
          <>
            <DropdownMenuItem onSelect={() => commands.approveEdit(ad)}>
              <CheckIcon aria-hidden="true" />
              Approve edit
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => commands.rejectEdit(ad)}>
              <XIcon aria-hidden="true" />
              Reject edit
            </DropdownMenuItem>
          </>
        ) : null}
        {mayDelete && mayChangeAd(user.role, 'delete', ad) ? (
          <DeleteRowAction onSelect={() => commands.askDelete(ad)} />
        ) : null}
      </RowActions>
    );
  };

  const mayCreate = can(user.role, 'ads', 'create');

  return (
    <ResourceList
      description={
        house
          ? "The ads that play on your screens, and your outlet's own content with its review."
          : 'Image and video ads, their review and what plays on screens.'
      }
      create={mayCreate ? { to: paths.createAd.getHref(), label: 'Create ad' } : undefined}
      page={page}
      table={{ label: 'Ads', noun: 'ads', columns, rowActions }}
      search={{ label: 'Search ads', placeholder: 'Search by title…' }}
      filters={
        <>
          <PageFilterSelect page={page} name="status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} />
          {can(user.role, 'ads', 'update') ? (
            <PageFilterSelect
              page={page}
              name="awaiting_review"
              label="Review"
              allLabel="Reviewed or not"
              options={REVIEW_OPTIONS}
            />
          ) : null}
          <PageFilterSelect page={page} name="type" label="Type" allLabel="All types" options={TYPE_OPTIONS} />
          {isGlobal ? (
            <CompanyFilter value={query.company_id} onChange={(value) => list.setFilter('company_id', value)} />
          ) : null}
        </>
      }
      icon={MegaphoneIcon}
      empty={{
        title: 'No ads yet',
        description: house
          ? 'Ads that play on your screens will appear here. Create an ad to show your own menu or promotions on them.'
          : mayCreate
            ? 'Create your first ad: upload an image or video, then submit it for review.'
            : 'Ads that play on your screens will appear here.',
      }}
      filteredEmpty={{ title: 'No ads match', description: 'Try another search or clear the filters.' }}
    >
      <AdPreviewDialog ad={previewing} onClose={() => setPreviewing(null)} />
      <RejectAdDialog ad={commands.rejecting} onClose={commands.closeReject} />
      {commands.confirmDialog}
    </ResourceList>
  );
}
