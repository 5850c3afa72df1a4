import type { Ad } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { AdPreview } from '@/features/ads/components/ad-preview';
import { AdStatusBadge } from '@/features/ads/components/ad-status-badge';

/** A look at an ad from the list, for every role that can see it. */
export function AdPreviewDialog({ ad, onClose }: { ad: Ad | null; onClose: () => void }) {
  return (
    <Dialog open={ad !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {ad ? (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug">{ad.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <span>{ad.company.name}</span>
                <span aria-hidden="true">·</span>
                <span>
                  {ad.type === 'IMAGE' ? `Image, ${ad.duration_seconds ?? DEFAULT_IMAGE_DURATION_SECONDS} s` : 'Video'}
                </span>
                <AdStatusBadge status={ad.status} />
              </DialogDescription>
            </DialogHeader>
            <AdPreview mediaUrl={ad.media_url} type={ad.type} title={ad.title} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
