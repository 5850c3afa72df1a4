import { type AdType, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@adloop/contract/ads';
import { unplayableMediaProblem } from '@adloop/contract/unplayable-media';
import { CheckCircle2Icon, FilmIcon, ImageIcon, Link2Icon, Loader2Icon, UploadCloudIcon, XIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { uploadProblem, useUploadAdMedia } from '@/features/ads/api/upload-ad-media';
import { guessAdType } from '@/features/ads/lib/media-source';
import { formatBytes } from '@/lib/format-bytes';
import { cn } from '@/lib/utils';

export type AdMedia = { media_url: string; type: AdType };

type MediaFieldProps = AdMedia & {
  onChange: (media: AdMedia) => void;
  /** The form's message for media_url, when it has one. */
  error?: string;
  disabled?: boolean;
};

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm';
const MB = 1024 * 1024;

function TypeChoice({
  value,
  onChange,
  disabled,
}: {
  value: AdType;
  onChange: (type: AdType) => void;
  disabled?: boolean;
}) {
  const options = [
    { type: 'IMAGE' as const, label: 'Image', icon: ImageIcon },
    { type: 'VIDEO' as const, label: 'Video', icon: FilmIcon },
  ];
  return (
    <fieldset className="inline-flex rounded-md border p-0.5" disabled={disabled}>
      <legend className="sr-only">Media type</legend>
      {options.map((option) => (
        <label
          key={option.type}
          className={cn(
            'inline-flex cursor-pointer items-center gap-1.5 rounded-[5px] px-3 py-1 text-sm font-medium text-muted-foreground transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
            value === option.type && 'bg-primary text-primary-foreground shadow-xs',
          )}
        >
          <input
            type="radio"
            name="media-type"
            value={option.type}
            checked={value === option.type}
            onChange={() => onChange(option.type)}
            className="sr-only"
          />
          <option.icon className="size-3.5" aria-hidden="true" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The ad's media: a file uploaded with a progress bar, or the address of media hosted elsewhere. */
export function MediaField({ media_url, type, onChange, error, disabled }: MediaFieldProps) {
  const upload = useUploadAdMedia();
  const inputRef = useRef<HTMLInputElement>(null);
  const urlId = useId();
  const [mode, setMode] = useState(media_url === '' || media_url.startsWith('/media/') ? 'upload' : 'url');
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const start = (chosen: File | undefined) => {
    if (!chosen) return;
    const reason = uploadProblem(chosen);
    setProblem(reason);
    if (reason) return;
    setFile({ name: chosen.name, size: chosen.size });
    upload.mutate(chosen, {
      onSuccess: (media) => onChange({ media_url: media.media_url, type: media.type }),
      onError: () => setFile(null),
    });
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !upload.isPending) start(event.dataTransfer.files[0]);
  };

  const uploaded = upload.isSuccess && upload.data.media_url === media_url ? upload.data : null;
  // Said as the address is typed, not only on save: the form refuses it with the same words.
  const unplayable = error ? null : unplayableMediaProblem(media_url);

  return (
    <Tabs value={mode} onValueChange={setMode} className="gap-3">
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="upload" disabled={disabled}>
          <UploadCloudIcon aria-hidden="true" />
          Upload a file
        </TabsTrigger>
        <TabsTrigger value="url" disabled={disabled}>
          <Link2Icon aria-hidden="true" />
          Media URL
        </TabsTrigger>
      </TabsList>

      <TabsContent value="upload" className="space-y-3">
        {upload.isPending && file ? (
          <div className="space-y-3 rounded-lg border bg-muted/30 p-4" aria-live="polite">
            <div className="flex items-center gap-3">
              <Loader2Icon className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{file.name}</p>
                <p className="text-xs text-muted-foreground">
                  Uploading {formatBytes(file.size)} · {upload.progress}%
                </p>
              </div>
              <Button type="button" variant="ghost" size="sm" onClick={upload.cancel}>
                <XIcon aria-hidden="true" />
                Cancel
              </Button>
            </div>
            <Progress value={upload.progress} aria-label="Upload progress" />
          </div>
        ) : (
          <label
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors hover:bg-muted/40',
              dragging && 'border-primary bg-primary/5',
              (error || problem) && 'border-destructive/60',
              disabled && 'pointer-events-none opacity-50',
            )}
          >
            {uploaded ? (
              <>
                <CheckCircle2Icon className="size-7 text-emerald-600" aria-hidden="true" />
                <span className="text-sm font-medium">{file?.name ?? 'File uploaded'}</span>
                <span className="text-xs text-muted-foreground">
                  {uploaded.type === 'IMAGE' ? 'Image' : 'Video'} · {formatBytes(uploaded.size_bytes)} · Click or drop
                  another file to replace it
                </span>
              </>
            ) : (
              <>
                <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <UploadCloudIcon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-medium">
                  {media_url.startsWith('/media/') ? 'Replace the uploaded file' : 'Drop an image or video here'}
                  <span className="font-normal text-muted-foreground"> or </span>
                  <span className="text-primary underline-offset-4 hover:underline">browse</span>
                </span>
                <span className="text-xs text-muted-foreground">
                  JPEG, PNG, WebP or GIF up to {IMAGE_MAX_BYTES / MB} MB · MP4 or WebM up to {VIDEO_MAX_BYTES / MB} MB
                </span>
              </>
            )}
            <input
              ref={inputRef}
              type="file"
              accept={ACCEPT}
              aria-label="Upload image or video"
              className="sr-only"
              disabled={disabled}
              onChange={(event) => {
                start(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        )}
        {problem ? (
          <p className="text-sm text-destructive" role="alert">
            {problem}
          </p>
        ) : null}
      </TabsContent>

      <TabsContent value="url" className="space-y-3">
        <div className="grid gap-2">
          <Label htmlFor={urlId}>Media URL</Label>
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://… image, video, YouTube, Vimeo, HLS or DASH"
            value={media_url}
            disabled={disabled}
            aria-invalid={error || unplayable ? true : undefined}
            onChange={(event) => {
              const next = event.target.value;
              onChange({ media_url: next, type: guessAdType(next) ?? type });
            }}
          />
          <p className="text-xs text-muted-foreground">
            Direct image and video files, YouTube and Vimeo videos, HLS (.m3u8) and DASH (.mpd) streams.
          </p>
          {unplayable ? (
            <p className="text-sm text-destructive" role="alert">
              {unplayable}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium">Type</span>
          <TypeChoice value={type} disabled={disabled} onChange={(next) => onChange({ media_url, type: next })} />
        </div>
      </TabsContent>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </Tabs>
  );
}
