import type { Ad, AdType, AdVersion, AdVersionField } from '@adloop/contract/ads';
import { can } from '@adloop/contract/permissions';
import { format, formatDistanceToNow } from 'date-fns';
import { ArrowRightIcon, HistoryIcon, Undo2Icon } from 'lucide-react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRollbackAd } from '@/features/ads/api/ad-actions';
import { useAdVersions } from '@/features/ads/api/get-ad-versions';
import { AD_STATUS_LABELS } from '@/features/ads/components/ad-status-badge';
import { AdThumbnail } from '@/features/ads/components/ad-thumbnail';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast';

const FIELD_LABELS: Record<AdVersionField, string> = {
  title: 'Title',
  type: 'Type',
  media_url: 'Media',
  duration_seconds: 'Duration',
  status: 'Status',
};

type Change = AdVersion['changes'][number];

function ValueOf({ change, value, type }: { change: Change; value: Change['from']; type: AdType }) {
  if (change.field === 'media_url' && typeof value === 'string') {
    return (
      <span title={value}>
        <AdThumbnail ad={{ media_url: value, type }} />
      </span>
    );
  }
  const text =
    change.field === 'status' && typeof value === 'string'
      ? AD_STATUS_LABELS[value as Ad['status']]
      : change.field === 'duration_seconds'
        ? value === null
          ? 'default'
          : `${value} s`
        : change.field === 'type'
          ? String(value).toLowerCase()
          : String(value);
  return <span className="min-w-0 break-words font-medium">{text}</span>;
}

/** One line per changed field: from → to; media as small thumbnails. */
function ChangeList({ version }: { version: AdVersion }) {
  if (version.changes.length === 0) return null;
  const typeChange = version.changes.find((change) => change.field === 'type');
  const previousType = (typeChange?.from as AdType | undefined) ?? version.type;
  return (
    <ul className="grid gap-1.5 text-sm" aria-label={`Changes in version ${version.version}`}>
      {version.changes.map((change) => (
        <li key={change.field} className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">{FIELD_LABELS[change.field]}:</span>
          <ValueOf change={change} value={change.from} type={previousType} />
          <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="to" />
          <ValueOf change={change} value={change.to} type={version.type} />
        </li>
      ))}
    </ul>
  );
}

/** Every saved version of the ad, newest first, with one-click rollback for those who may edit. */
export function AdHistoryCard({ ad }: { ad: Ad }) {
  const { user } = useAuth();
  const versions = useAdVersions(ad.id);
  const rollback = useRollbackAd();
  const confirm = useConfirmDialog();
  const mayRollBack = can(user.role, 'ads', 'update');

  const askRollback = (version: AdVersion) =>
    confirm.ask({
      title: `Roll back to version ${version.version}?`,
      description: `The ad gets the title and media of v${version.version} (“${version.title}”) as a new version, v${ad.version + 1}. Screens playing it switch within seconds.`,
      confirmLabel: 'Roll back',
      onConfirm: async () => {
        const saved = await rollback.mutateAsync({ id: ad.id, version: version.version });
        toast.success(`Rolled back to v${version.version}`, {
          description:
            saved.version === ad.version
              ? 'The rollback waits for review; screens keep showing the approved version until then.'
              : `“${saved.title}” is now version ${saved.version}.`,
        });
      },
    });

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HistoryIcon className="size-4" aria-hidden="true" />
          History
        </CardTitle>
        <CardDescription>
          Each save is a version. Rolling back saves an earlier one again as the newest.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {versions.isLoading ? (
          <Skeleton className="h-24 rounded-md" />
        ) : (
          <ol className="grid divide-y" aria-label="Versions">
            {(versions.data ?? []).map((version) => {
              const changedAt = new Date(version.changed_at);
              return (
                <li
                  key={version.version}
                  aria-label={`Version ${version.version}`}
                  className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1.5">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-semibold tabular-nums">v{version.version}</span>
                      {version.is_current ? <Badge variant="secondary">Current</Badge> : null}
                      <span>{version.note}</span>
                      <span className="text-muted-foreground">
                        {version.changed_by ? `by ${version.changed_by.name} · ` : ''}
                        <time dateTime={version.changed_at} title={format(changedAt, 'PPpp')}>
                          {formatDistanceToNow(changedAt, { addSuffix: true })}
                        </time>
                      </span>
                    </div>
                    <ChangeList version={version} />
                  </div>
                  {mayRollBack && !version.is_current ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="shrink-0"
                      disabled={rollback.isPending}
                      onClick={() => askRollback(version)}
                      aria-label={`Roll back to version ${version.version}`}
                    >
                      <Undo2Icon aria-hidden="true" />
                      Roll back
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
      {confirm.dialog}
    </Card>
  );
}
