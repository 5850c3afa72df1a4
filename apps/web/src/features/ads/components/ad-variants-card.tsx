import { compareLabels } from '@adloop/contract/ab-test';
import type { Ad } from '@adloop/contract/ads';
import { can } from '@adloop/contract/permissions';
import { FIRST_CHALLENGER_LABEL, type Variant } from '@adloop/contract/variants';
import { CopyIcon, FlaskConicalIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { QrCode } from '@/components/qr-code';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdVariants, useCreateAdVariant, useDeleteAdVariant } from '@/features/ads/api/ad-variants';
import { AdThumbnail } from '@/features/ads/components/ad-thumbnail';
import { VariantDialog, type VariantDialogTarget } from '@/features/ads/components/variant-dialog';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast';

const shortLinkOf = (code: string) => `${window.location.origin}/r/${code}`;

/** The next free single-letter label: A, B, C … */
function nextLabel(variants: readonly Variant[]): string {
  const taken = new Set(variants.map((variant) => variant.label.toUpperCase()));
  for (let code = 65; code <= 90; code += 1) {
    const label = String.fromCharCode(code);
    if (!taken.has(label)) return label;
  }
  return `V${variants.length + 1}`;
}

function sharePercent(variant: Variant, totalWeight: number): number {
  return totalWeight > 0 ? Math.round((variant.weight / totalWeight) * 100) : 0;
}

async function copyShortLink(code: string) {
  try {
    await navigator.clipboard.writeText(shortLinkOf(code));
    toast.success('Short link copied');
  } catch {
    toast.error('Could not copy: select the link and copy it yourself');
  }
}

const pendingSummary = (pending: NonNullable<Variant['pending']>) =>
  [
    pending.media_url ? `Media: ${pending.media_url}` : null,
    pending.type ? `Type: ${pending.type}` : null,
    pending.duration_seconds !== undefined ? `Duration: ${pending.duration_seconds ?? 'default'} s` : null,
    pending.link_url ? `Link: ${pending.link_url}` : null,
  ]
    .filter(Boolean)
    .join('\n');

function VariantRow({
  variant,
  isControl,
  totalWeight,
  mayEdit,
  onEdit,
  onRemove,
}: {
  variant: Variant;
  isControl: boolean;
  totalWeight: number;
  mayEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const share = sharePercent(variant, totalWeight);
  return (
    <li
      aria-label={`Variant ${variant.label}`}
      className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <div className="flex min-w-0 items-start gap-3">
        <AdThumbnail ad={variant} />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{variant.label}</span>
            {isControl ? <Badge variant="secondary">Control</Badge> : null}
            {/* Screens show only reviewed variants, as reviewed (decision 038). */}
            {!variant.reviewed ? <Badge variant="outline">Not yet reviewed</Badge> : null}
            {variant.pending ? (
              <Badge variant="outline" title={pendingSummary(variant.pending)}>
                Change awaiting review
              </Badge>
            ) : null}
            <span className="text-xs text-muted-foreground">
              {variant.type === 'IMAGE' ? `Image · ${variant.duration_seconds ?? 'default'} s` : 'Video'}
            </span>
          </div>
          <div className="flex items-center gap-2 text-sm">
            <div className="h-1.5 w-24 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
            </div>
            <span className="tabular-nums">
              {variant.weight === 0 ? (
                <span className="text-muted-foreground">Weight 0 · not shown</span>
              ) : (
                <>
                  <span className="font-medium">{share}%</span>
                  <span className="text-muted-foreground"> of turns · weight {variant.weight}</span>
                </>
              )}
            </span>
          </div>
          {variant.link ? (
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <a
                href={variant.link.url}
                target="_blank"
                rel="noreferrer"
                className="max-w-full truncate text-primary underline-offset-4 hover:underline"
                title={variant.link.url}
              >
                {variant.link.url}
              </a>
              <span className="flex items-center gap-1 text-muted-foreground">
                <code className="rounded bg-muted px-1.5 py-0.5 text-xs">/r/{variant.link.code}</code>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Copy the short link of ${variant.label}`}
                  onClick={() => void copyShortLink(variant.link!.code)}
                >
                  <CopyIcon aria-hidden="true" />
                </Button>
              </span>
            </div>
          ) : (
            <span className="text-sm text-muted-foreground">No link: no QR code on screen</span>
          )}
        </div>
      </div>
      <div className="flex items-center gap-3 sm:justify-end">
        {variant.link ? (
          <QrCode
            text={shortLinkOf(variant.link.code)}
            label={`QR code of variant ${variant.label}`}
            className="size-16 shrink-0 rounded-sm ring-1 ring-border"
          />
        ) : null}
        {mayEdit ? (
          <div className="ml-auto flex gap-1 sm:ml-0">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={onEdit}
              aria-label={`Edit variant ${variant.label}`}
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onRemove}
              aria-label={`Remove variant ${variant.label}`}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The ad's A/B test (decision 034): its variants with their share of the ad's turns, tracked
 * links and QR codes, and for those who may edit the ad, adding, editing and removing them.
 */
export function AdVariantsCard({ ad }: { ad: Ad }) {
  const { user } = useAuth();
  const variants = useAdVariants(ad.id);
  const createVariant = useCreateAdVariant();
  const deleteVariant = useDeleteAdVariant();
  const confirm = useConfirmDialog();
  const [target, setTarget] = useState<VariantDialogTarget | null>(null);
  const mayEdit = can(user.role, 'ads', 'update');
  const list = [...(variants.data ?? [])].sort((a, b) => compareLabels(a.label, b.label));
  const totalWeight = list.reduce((sum, variant) => sum + variant.weight, 0);

  const startWithOwnMedia = async () => {
    const saved = await createVariant.mutateAsync({
      adId: ad.id,
      variant: {
        label: nextLabel(list),
        type: ad.type,
        media_url: ad.media_url,
        duration_seconds: ad.duration_seconds,
        weight: 50,
      },
    });
    toast.success(`Variant ${saved.label} added`, { description: "It shows the ad's current media." });
  };

  const askRemove = (variant: Variant) =>
    confirm.ask({
      title: `Remove variant ${variant.label}?`,
      description:
        'Screens stop showing it within seconds. A variant that has played or been scanned keeps its record: set its weight to 0 instead.',
      confirmLabel: 'Remove',
      destructive: true,
      onConfirm: async () => {
        await deleteVariant.mutateAsync({ adId: ad.id, variantId: variant.id });
        toast.success(`Variant ${variant.label} removed`);
      },
    });

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <FlaskConicalIcon className="size-4" aria-hidden="true" />
            Variants (A/B test)
          </CardTitle>
          <CardDescription>
            Weights split this ad's turns between its variants: 70 beside 30 shows the first on 7 of every 10 turns. The
            first by label is the control; a variant with a link shows a QR code and counts scans.
          </CardDescription>
        </div>
        {mayEdit ? (
          <Button
            type="button"
            size="sm"
            className="shrink-0"
            onClick={() =>
              setTarget(
                list.length === 0
                  ? { variant: null, suggestedLabel: FIRST_CHALLENGER_LABEL, startsTest: true }
                  : { variant: null, suggestedLabel: nextLabel(list) },
              )
            }
          >
            <PlusIcon aria-hidden="true" />
            Add variant
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {variants.isLoading ? (
          <Skeleton className="h-20 rounded-md" />
        ) : list.length === 0 ? (
          <div className="grid gap-3 rounded-lg border border-dashed p-4 text-sm sm:flex sm:items-center sm:justify-between">
            <p className="text-muted-foreground">
              No variants: every turn shows the ad's own media. Add a variant to start a test: the ad's own media
              becomes variant A, the control, and the new one B, each shown by its weight.
            </p>
            {mayEdit ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="shrink-0"
                disabled={createVariant.isPending}
                onClick={() => void startWithOwnMedia().catch(() => undefined)}
              >
                Use current media as A
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="grid divide-y" aria-label="Variants">
            {list.map((variant, index) => (
              <VariantRow
                key={variant.id}
                variant={variant}
                isControl={index === 0}
                totalWeight={totalWeight}
                mayEdit={mayEdit}
                onEdit={() => setTarget({ variant, suggestedLabel: variant.label })}
                onRemove={() => askRemove(variant)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <VariantDialog ad={ad} target={target} onClose={() => setTarget(null)} />
      {confirm.dialog}
    </Card>
  );
}
