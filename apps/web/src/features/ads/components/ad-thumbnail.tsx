import type { Ad } from '@adloop/contract/ads';
import { FilmIcon, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { mediaSourceOf } from '@/features/ads/lib/media-source';

/** A small still of an ad for lists; videos show their kind rather than loading the file. */
export function AdThumbnail({ ad }: { ad: Pick<Ad, 'media_url' | 'type'> }) {
  const [broken, setBroken] = useState(false);
  const source = mediaSourceOf(ad.media_url, ad.type);
  const still =
    source?.kind === 'image'
      ? source.url
      : source?.kind === 'embed' && source.thumbnailUrl
        ? source.thumbnailUrl
        : null;
  const Icon = ad.type === 'IMAGE' ? ImageIcon : FilmIcon;

  return (
    <span className="flex h-10 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted ring-1 ring-border">
      {still && !broken ? (
        <img src={still} alt="" loading="lazy" className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      )}
    </span>
  );
}
