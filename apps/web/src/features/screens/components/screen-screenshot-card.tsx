import type { Screen } from '@adloop/contract/screens';
import type { Screenshot } from '@adloop/contract/screenshots';
import { CameraIcon, ImageOffIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useScreenScreenshot } from '@/features/screens/api/get-screen-screenshot';
import { useScreenshotImage } from '@/features/screens/api/get-screenshot-image';
import { useRequestScreenshot } from '@/features/screens/api/request-screenshot';
import { onReadersClock } from '@/lib/readers-clock';

/** A screen that has not answered by then is offline, asleep or still starting. */
const SCREENSHOT_TIMEOUT_MS = 30_000;

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

function showingOf(screenshot: Screenshot): string {
  if (screenshot.takeover_id && screenshot.ad_title) return `Emergency takeover with the ad “${screenshot.ad_title}”`;
  if (screenshot.takeover_id) return 'Emergency takeover message';
  if (screenshot.ad_title) return `Ad “${screenshot.ad_title}”`;
  return 'No ad (loading, or no ads to play)';
}

/**
 * What the screen shows now (decision 059): asks it for a picture, waits for an answer newer
 * than the request, and shows it with when it was taken and what was playing.
 */
export function ScreenScreenshotCard({ screen }: { screen: Screen }) {
  const [awaited, setAwaited] = useState<{ requestedAt: string } | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const request = useRequestScreenshot();
  const state = useScreenScreenshot(screen.id, awaited !== null);
  const screenshot = state.data?.screenshot ?? null;
  const image = useScreenshotImage(screen.id, screenshot?.taken_at);
  const imageUrl = useObjectUrl(image.data);

  // Settled during render, so the answer and the end of waiting show in the same paint.
  if (awaited && screenshot && Date.parse(screenshot.taken_at) >= Date.parse(awaited.requestedAt)) setAwaited(null);

  useEffect(() => {
    if (!awaited) return;
    const timer = setTimeout(() => {
      setAwaited(null);
      setTimedOut(true);
    }, SCREENSHOT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [awaited]);

  const takeScreenshot = async () => {
    setTimedOut(false);
    const asked = await request.mutateAsync(screen.id).catch(() => null);
    if (asked) setAwaited({ requestedAt: asked.requested_at });
  };

  const waiting = awaited !== null || request.isPending;
  let status = '';
  if (waiting) status = `Waiting for ${screen.screen_code} to send what it shows…`;
  else if (timedOut)
    status = `${screen.screen_code} did not answer within ${SCREENSHOT_TIMEOUT_MS / 1000} seconds. It may be offline or still starting; try again once it shows as online.`;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>On screen now</CardTitle>
        <CardDescription>A picture of what the screen is showing, taken by the screen itself.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => void takeScreenshot()} disabled={waiting}>
            {waiting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <CameraIcon aria-hidden="true" />}
            Take screenshot
          </Button>
          <p role="status" className={timedOut ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            {status}
          </p>
        </div>
        {screenshot && imageUrl ? (
          <figure className="grid gap-2">
            <img
              src={imageUrl}
              alt={`What ${screen.screen_code} showed at ${onReadersClock(screenshot.taken_at)}`}
              className="aspect-video w-full rounded-lg border bg-black object-contain"
            />
            <figcaption className="grid gap-0.5 text-sm">
              <span data-testid="screenshot-showing" className="font-medium">
                {showingOf(screenshot)}
              </span>
              <span className="text-muted-foreground">Taken {onReadersClock(screenshot.taken_at)}</span>
            </figcaption>
          </figure>
        ) : (
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/30 p-4 text-center text-sm text-muted-foreground">
            <ImageOffIcon className="size-6" aria-hidden="true" />
            {state.isLoading || image.isLoading ? 'Loading the last screenshot…' : 'No screenshot yet.'}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
