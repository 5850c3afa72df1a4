import type { AdType } from '@adloop/contract/ads';
import { ExternalLinkIcon, ImageOffIcon, MonitorPlayIcon, PlayIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { mediaSourceOf } from '@/features/ads/lib/media-source';
import { cn } from '@/lib/utils';

const ReactPlayer = lazy(() => import('react-player'));

/** Spec §9: picture-in-picture is disabled for these. */
const NO_PIP_PROVIDERS = new Set(['Spotify', 'Twitch', 'TikTok']);

type AdPreviewProps = {
  mediaUrl: string;
  type: AdType;
  title: string;
  className?: string;
};

function Placeholder({ icon: Icon, children }: { icon: typeof MonitorPlayIcon; children: React.ReactNode }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-white/70">
      <Icon className="size-8 text-white/50" aria-hidden="true" />
      {children}
    </div>
  );
}

/**
 * The ad as a screen shows it, in the screens' 16:9 frame. Embedded players (YouTube, Vimeo)
 * load only when asked, like a light player: a list of ads never loads a dozen iframes.
 */
export function AdPreview({ mediaUrl, type, title, className }: AdPreviewProps) {
  const [playingUrl, setPlayingUrl] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const source = mediaSourceOf(mediaUrl, type);

  let content: React.ReactNode;
  if (!source) {
    content = <Placeholder icon={MonitorPlayIcon}>Upload a file or paste a media URL to see the preview.</Placeholder>;
  } else if (brokenUrl === source.url) {
    content = (
      <Placeholder icon={ImageOffIcon}>
        The media could not be loaded. Check that the address is right and publicly reachable.
      </Placeholder>
    );
  } else if (source.kind === 'image') {
    content = (
      <img
        src={source.url}
        alt={title || 'Ad preview'}
        className="size-full object-contain"
        onError={() => setBrokenUrl(source.url)}
      />
    );
  } else if (source.kind === 'video') {
    content = (
      <video
        key={source.url}
        src={source.url}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={title || 'Ad preview'}
        className="size-full object-contain"
        onError={() => setBrokenUrl(source.url)}
      />
    );
  } else if (source.kind === 'embed') {
    content =
      playingUrl === source.url ? (
        <iframe
          src={source.embedUrl}
          title={`${source.provider} preview of ${title || 'the ad'}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          className="size-full border-0"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlayingUrl(source.url)}
          className="group relative flex size-full items-center justify-center"
          aria-label={`Play ${source.provider} preview`}
        >
          {source.thumbnailUrl ? (
            <img src={source.thumbnailUrl} alt="" className="absolute inset-0 size-full object-cover opacity-80" />
          ) : null}
          <span className="relative flex flex-col items-center gap-2 text-sm font-medium text-white">
            <span className="flex size-14 items-center justify-center rounded-full bg-black/60 ring-1 ring-white/30 transition-transform group-hover:scale-105">
              <PlayIcon className="ml-0.5 size-6 fill-current" aria-hidden="true" />
            </span>
            {source.provider} video
          </span>
        </button>
      );
  } else {
    // HLS, DASH, Mux, Wistia, Spotify, Twitch, TikTok: react-player in light mode, loaded on demand.
    content = (
      <Suspense fallback={<Placeholder icon={MonitorPlayIcon}>Loading the {source.provider} player…</Placeholder>}>
        <ReactPlayer
          key={source.url}
          src={source.url}
          light
          controls
          muted
          width="100%"
          height="100%"
          previewAriaLabel={`Play ${source.provider} preview`}
          pip={!NO_PIP_PROVIDERS.has(source.provider)}
          onError={() => setBrokenUrl(source.url)}
          fallback={
            <a href={source.url} target="_blank" rel="noreferrer" className="text-sm text-white underline">
              Open the media
              <ExternalLinkIcon className="ml-1 inline size-3.5" aria-hidden="true" />
            </a>
          }
        />
      </Suspense>
    );
  }

  return (
    <div
      className={cn(
        'relative aspect-video w-full overflow-hidden rounded-lg bg-neutral-950 ring-1 ring-border',
        className,
      )}
    >
      {content}
    </div>
  );
}
