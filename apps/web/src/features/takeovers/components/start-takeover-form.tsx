import type { Ad } from '@adloop/contract/ads';
import { TAKEOVER_MESSAGE_MAX, type TakeoverStart, takeoverStartSchema } from '@adloop/contract/takeovers';
import { Loader2Icon, MessageSquareWarningIcon, MonitorPlayIcon, SirenIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '@/components/form/plain-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useTakeoverScreens } from '@/features/takeovers/api/get-screen-options';
import { useStartTakeover } from '@/features/takeovers/api/start-takeover';
import { AdPicker } from '@/features/takeovers/components/ad-picker';
import { ScreenPicker } from '@/features/takeovers/components/screen-picker';
import { customBounds, END_CHOICES, type EndChoice, endsAtOf } from '@/features/takeovers/lib/end-time';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

type Field = 'message' | 'ad_id' | 'screen_ids' | 'ends_at';
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['message', 'ad_id', 'screen_ids', 'ends_at'];

/** The form field a contract issue or a server detail path names (`body.screen_ids.2` → screen_ids). */
function fieldOf(path: readonly PropertyKey[] | string): Field | undefined {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  return parts.find((part): part is Field => (FIELDS as readonly string[]).includes(part));
}

/** Starts a takeover: a message or an ad, the screens, and how long (decision 035). */
export function StartTakeoverForm() {
  const formId = useId();
  const [kind, setKind] = useState<TakeoverStart['kind']>('MESSAGE');
  const [message, setMessage] = useState('');
  const [ad, setAd] = useState<Ad | undefined>();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [endChoice, setEndChoice] = useState<EndChoice>('manual');
  const [customEnd, setCustomEnd] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const screens = useTakeoverScreens(true);
  const start = useStartTakeover();
  const length = message.trim().length;

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const endsAt = endsAtOf(endChoice, customEnd);
    const payload =
      kind === 'MESSAGE'
        ? { kind, message, screen_ids: [...selected], ends_at: endsAt ?? null }
        : { kind, ad_id: ad?.id, screen_ids: [...selected], ends_at: endsAt ?? null };
    const parsed = takeoverStartSchema.safeParse(payload);
    const found: Errors = {};
    if (endsAt === undefined) found.ends_at = 'Pick the time it ends';
    if (kind === 'AD' && !ad) found.ad_id = 'Choose the ad to show';
    for (const issue of parsed.error?.issues ?? []) {
      const field = fieldOf(issue.path);
      if (field && !found[field]) found[field] = field === 'screen_ids' ? 'Choose at least one screen' : issue.message;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      const started = await start.mutateAsync(parsed.data);
      toast.success(kind === 'MESSAGE' ? 'Message is on screen' : 'Ad is on screen', {
        description: `Showing on ${started.screen_count} screen${started.screen_count === 1 ? '' : 's'} now.`,
      });
      setMessage('');
      setAd(undefined);
      setSelected(new Set());
      setEndChoice('manual');
      setCustomEnd('');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fromServer: Errors = {};
      for (const detail of error.details) {
        const field = fieldOf(detail.path);
        if (field && !fromServer[field]) fromServer[field] = detail.message;
      }
      setErrors(fromServer);
    }
  };

  const count = selected.size;
  const bounds = customBounds();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SirenIcon className="size-5 text-red-600" aria-hidden="true" />
          Start a takeover
        </CardTitle>
        <CardDescription>
          What you choose replaces the ads on the chosen screens within seconds, until you end it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Start a takeover">
          <Tabs value={kind} onValueChange={(value) => setKind(value as TakeoverStart['kind'])} className="gap-6">
            <div className="grid gap-2">
              <Label id={`${formId}-kind`}>Show</Label>
              <TabsList aria-labelledby={`${formId}-kind`} className="w-full sm:w-72">
                <TabsTrigger value="MESSAGE">
                  <MessageSquareWarningIcon aria-hidden="true" />
                  Message
                </TabsTrigger>
                <TabsTrigger value="AD">
                  <MonitorPlayIcon aria-hidden="true" />
                  Ad
                </TabsTrigger>
              </TabsList>
            </div>

            {/* Each choice's fields are its tab's panel, so every tab controls an element that exists. */}
            <TabsContent value="MESSAGE" className="grid gap-2">
              <Label htmlFor={`${formId}-message`}>Message</Label>
              <Textarea
                id={`${formId}-message`}
                value={message}
                onChange={(event) => {
                  setMessage(event.target.value);
                  clearError('message');
                }}
                rows={3}
                maxLength={TAKEOVER_MESSAGE_MAX + 40}
                placeholder="e.g. Kitchen fire drill — please follow staff to the exit"
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={`${formId}-message-count ${formId}-message-error`}
                className="min-h-24 text-base"
              />
              <div className="flex items-start justify-between gap-3">
                <p className="text-xs text-muted-foreground">
                  Shown large, in white on black under a red “Urgent notice” band.
                </p>
                <span
                  id={`${formId}-message-count`}
                  className={cn(
                    'shrink-0 text-xs tabular-nums',
                    length > TAKEOVER_MESSAGE_MAX ? 'font-medium text-destructive' : 'text-muted-foreground',
                  )}
                >
                  {length} / {TAKEOVER_MESSAGE_MAX}
                </span>
              </div>
              <FieldError id={`${formId}-message-error`} message={errors.message} />
            </TabsContent>
            <TabsContent value="AD" className="grid gap-2">
              <Label>Ad</Label>
              <AdPicker
                value={ad?.id}
                onChange={(next) => {
                  setAd(next);
                  clearError('ad_id');
                }}
                invalid={Boolean(errors.ad_id)}
              />
              <FieldError id={`${formId}-ad-error`} message={errors.ad_id} />
            </TabsContent>
          </Tabs>

          <div className="grid gap-2">
            <Label>Screens</Label>
            <ScreenPicker
              screens={screens.data?.screens}
              loading={screens.isLoading}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                clearError('screen_ids');
              }}
              invalid={Boolean(errors.screen_ids)}
            />
            <FieldError id={`${formId}-screens-error`} message={errors.screen_ids} />
          </div>

          <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${formId}-end`}>Ends</Label>
              <NativeSelect
                id={`${formId}-end`}
                value={endChoice}
                onChange={(event) => {
                  setEndChoice(event.target.value as EndChoice);
                  clearError('ends_at');
                }}
              >
                {END_CHOICES.map((choice) => (
                  <NativeSelectOption key={choice.value} value={choice.value}>
                    {choice.label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            {endChoice === 'custom' ? (
              <div className="grid gap-2">
                <Label htmlFor={`${formId}-end-at`}>End time</Label>
                <Input
                  id={`${formId}-end-at`}
                  type="datetime-local"
                  value={customEnd}
                  min={bounds.min}
                  max={bounds.max}
                  onChange={(event) => {
                    setCustomEnd(event.target.value);
                    clearError('ends_at');
                  }}
                  aria-invalid={errors.ends_at ? true : undefined}
                />
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <FieldError id={`${formId}-end-error`} message={errors.ends_at} />
            </div>
          </div>

          <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-muted-foreground">Screens that are offline show it as soon as they reconnect.</p>
            <Button type="submit" variant="destructive" size="lg" disabled={start.isPending}>
              {start.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SirenIcon aria-hidden="true" />
              )}
              {count > 0 ? `Take over ${count} screen${count === 1 ? '' : 's'}` : 'Take over screens'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
