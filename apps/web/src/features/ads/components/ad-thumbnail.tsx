import type { Ad } from '@adloop/contract/ads';
import { FilmIcon, ImageIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { mediaSourceOf } from '@/features/ads/lib/media-source';

/** Half a second in, past a fade from black that many videos open with. */
const POSTER_AT_SECONDS = 0.5;

/**
 * A video's own frame as its poster, drawn by the browser from the file's first bytes
 * (`preload="metadata"` and a media fragment) once the row scrolls into view; the server keeps no
 * stills of its own (decision 091).
 */
function VideoFrame({ url, onBroken }: { url: string; onBroken: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <video
      ref={ref}
      src={visible ? `${url}#t=${POSTER_AT_SECONDS}` : undefined}
      preload="metadata"
      muted
      playsInline
      disablePictureInPicture
      tabIndex={-1}
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 size-full object-cover"
      onError={onBroken}
    />
  );
}

/**
 * A small still of an ad for lists: an image itself, a hosted video's thumbnail, a video file's
 * own frame; its kind's icon when none can be had (a stream, a broken file).
 */
export function AdThumbnail({ ad }: { ad: Pick<Ad, 'media_url' | 'type'> }) {
  const [broken, setBroken] = useState(false);
  const source = mediaSourceOf(ad.media_url, ad.type);
  const still =
    source?.kind === 'image'
      ? source.url
      : source?.kind === 'embed' && source.thumbnailUrl
        ? source.thumbnailUrl
        : null;
  const frame = source?.kind === 'video' ? source.url : null;
  const Icon = ad.type === 'IMAGE' ? ImageIcon : FilmIcon;

  return (
    <span className="relative flex h-10 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted ring-1 ring-border">
      {still && !broken ? (
        <img src={still} alt="" loading="lazy" className="size-full object-cover" onError={() => setBroken(true)} />
      ) : frame && !broken ? (
        <>
          {/* Shown until the frame is drawn over it. */}
          <FilmIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          <VideoFrame url={frame} onBroken={() => setBroken(true)} />
          <FilmIcon
            className="absolute right-0.5 bottom-0.5 size-3 text-white drop-shadow-[0_0_2px_rgb(0_0_0/0.8)]"
            aria-hidden="true"
          />
        </>
      ) : (
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      )}
    </span>
  );
}
