import { type Ad, type AdCreate, adCreateSchema } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS, REPEATS_PER_AD } from '@adloop/contract/constants';
import { HOUSE_CONTENT_TERMS } from '@adloop/contract/house-content';
import { can } from '@adloop/contract/permissions';
import { ALWAYS, NO_TARGETING } from '@adloop/contract/targeting';
import { SaveIcon, SendIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { NumberField } from '@/components/form/number-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { OptionPicker } from '@/components/option-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { AdPreview } from '@/features/ads/components/ad-preview';
import { AdScheduleCard } from '@/features/ads/components/ad-schedule-card';
import { AdTargetingCard, HouseTargetingCard } from '@/features/ads/components/ad-targeting-card';
import { HouseOutletField } from '@/features/ads/components/house-outlet-field';
import { MediaFormField } from '@/features/ads/components/media-form-field';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useCompanyOptions } from '@/lib/resources/companies';

export type AdFormIntent = 'draft' | 'submit' | 'save';

type AdFormProps = {
  /** The ad being edited; absent when creating one. */
  ad?: Ad;
  /** Global admins choose the advertiser; company staff make ads for their own company. */
  chooseCompany: boolean;
  /** An outlet's own content (decision 090): for one of the user's outlets, on its screens only. */
  house?: boolean;
  onSave: (values: AdCreate, intent: AdFormIntent) => Promise<unknown>;
  cancelTo: string;
  /** Cards shown above the preview, e.g. the ad's status and review. */
  aside?: ReactNode;
};

const FIELDS = [
  'company_id',
  'outlet_id',
  'title',
  'type',
  'media_url',
  'duration_seconds',
  'targeting.tags',
  'targeting.outlet_ids',
  'targeting.pincodes',
  'targeting.cities',
  'schedule.start_date',
  'schedule.end_date',
  'schedule.days_of_week',
  'schedule.start_time',
  'schedule.end_time',
  'schedule.priority',
  'schedule.share_of_voice',
] as const;

/** What saving does to the ad (decision 038): an advertiser's change to what screens show waits for review. */
function editNote(ad: Ad, mayApprove: boolean): string {
  const live = ad.status === 'ACTIVE' || ad.status === 'PAUSED';
  if (live && !mayApprove) {
    return 'A new title, media or duration waits for review: screens keep showing the approved version until an admin approves the edit. Where and when it plays change at once.';
  }
  return `Saving creates version ${ad.version + 1}.${live ? ' Screens playing the ad pick it up within seconds.' : ''}`;
}

function CompanyField({ control }: { control: ReturnType<typeof useForm<AdCreate>>['control'] }) {
  const [search, setSearch] = useState('');
  const companies = useCompanyOptions(search);
  const options = (companies.data ?? []).map((company) => ({
    value: company.id,
    label: company.name,
    description: company.is_active ? undefined : 'Inactive',
  }));
  return (
    <Field
      control={control}
      name="company_id"
      label="Company"
      description="The advertiser the ad belongs to and whose plays are billed."
    >
      {(field) => (
        <OptionPicker
          options={options}
          loading={companies.isLoading}
          value={field.value ? [field.value] : []}
          onChange={(value) => field.onChange(value[0])}
          onSearchChange={setSearch}
          onBlur={field.onBlur}
          placeholder="Choose the advertiser"
          searchPlaceholder="Search companies"
          emptyText="No company matches."
        />
      )}
    </Field>
  );
}

/**
 * Create or edit an ad: title, media (uploaded or by URL) and, for images, how long each play
 * lasts; where it plays (targeting, with its live reach) and when (schedule, decision 032).
 */
export function AdForm({ ad, chooseCompany, house = false, onSave, cancelTo, aside }: AdFormProps) {
  const { user } = useAuth();
  const mayApprove = can(user.role, 'ads', 'approve');
  const schema = useMemo(
    () =>
      adCreateSchema.superRefine((values, context) => {
        if (chooseCompany && !values.company_id) {
          context.addIssue({ code: 'custom', path: ['company_id'], message: 'Choose a company' });
        }
        if (house && !ad && !values.outlet_id) {
          context.addIssue({ code: 'custom', path: ['outlet_id'], message: 'Choose the outlet' });
        }
      }),
    [chooseCompany, house, ad],
  );
  const form = useForm({
    resolver: formResolver(schema),
    defaultValues: {
      title: ad?.title ?? '',
      type: ad?.type ?? 'IMAGE',
      media_url: ad?.media_url ?? '',
      duration_seconds: ad ? ad.duration_seconds : DEFAULT_IMAGE_DURATION_SECONDS,
      targeting: ad?.targeting ?? NO_TARGETING,
      schedule: ad?.schedule ?? ALWAYS,
    },
  });
  const [title, type, mediaUrl, duration, outletId] = useWatch({
    control: form.control,
    name: ['title', 'type', 'media_url', 'duration_seconds', 'outlet_id'],
  });
  const [intent, setIntent] = useState<AdFormIntent | null>(null);
  const newHouseContent = house && !ad;

  const save = (chosen: AdFormIntent) =>
    form.handleSubmit(async (values) => {
      setIntent(chosen);
      const ad: AdCreate = {
        ...values,
        company_id: chooseCompany ? values.company_id : undefined,
        outlet_id: newHouseContent ? values.outlet_id : undefined,
        duration_seconds: values.type === 'IMAGE' ? (values.duration_seconds ?? DEFAULT_IMAGE_DURATION_SECONDS) : null,
      };
      try {
        await onSave(ad, chosen);
      } catch (error) {
        applyServerErrors(error, form.setError, FIELDS);
      } finally {
        setIntent(null);
      }
    });

  const busy = intent !== null || form.formState.isSubmitting;
  const seconds = duration ?? DEFAULT_IMAGE_DURATION_SECONDS;

  return (
    <Form {...form}>
      <form
        onSubmit={save(ad ? 'save' : 'submit')}
        noValidate
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
      >
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Ad details</CardTitle>
              <CardDescription>
                {ad ? editNote(ad, mayApprove) : house ? HOUSE_CONTENT_TERMS : 'What screens show, and for how long.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              {chooseCompany && !ad ? <CompanyField control={form.control} /> : null}
              {house && !ad ? <HouseOutletField control={form.control} /> : null}
              {ad ? (
                <div className="grid gap-1">
                  <span className="text-sm font-medium">{ad.house_outlet_id ? 'Owner' : 'Company'}</span>
                  <span className="text-sm text-muted-foreground">{ad.company.name}</span>
                </div>
              ) : null}
              <TextField
                control={form.control}
                name="title"
                label="Title"
                description="Shown on the screen's caption and in reports."
                placeholder="e.g. Cold brew, summer offer"
                autoComplete="off"
              />
              <MediaFormField disabled={busy} />
              {type === 'IMAGE' ? (
                <NumberField
                  control={form.control}
                  name="duration_seconds"
                  label="Duration"
                  description="How long the image stays up per play."
                  className="max-w-xs"
                  min={1}
                  max={3600}
                  placeholder={String(DEFAULT_IMAGE_DURATION_SECONDS)}
                  blank={null}
                  unit="seconds"
                />
              ) : null}
            </CardContent>
          </Card>
          {house ? (
            <HouseTargetingCard control={form.control} outletId={ad?.house_outlet_id ?? outletId} />
          ) : (
            <AdTargetingCard control={form.control} />
          )}
          <AdScheduleCard control={form.control} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <Link to={cancelTo}>Cancel</Link>
            </Button>
            {ad ? (
              <SubmitButton
                pending={intent === 'save'}
                disabled={busy || !form.formState.isDirty}
                icon={SaveIcon}
                className="w-full sm:w-auto"
              >
                Save changes
              </SubmitButton>
            ) : (
              <>
                <SubmitButton
                  type="button"
                  variant="outline"
                  pending={intent === 'draft'}
                  disabled={busy}
                  icon={SaveIcon}
                  onClick={save('draft')}
                  className="w-full sm:w-auto"
                >
                  Save draft
                </SubmitButton>
                <SubmitButton
                  pending={intent === 'submit'}
                  disabled={busy}
                  icon={SendIcon}
                  className="w-full sm:w-auto"
                >
                  Submit for review
                </SubmitButton>
              </>
            )}
          </div>
        </div>

        <div className="grid gap-6">
          {aside}
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>Preview</CardTitle>
              <CardDescription>As a screen shows it, full-screen in 16:9.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <AdPreview mediaUrl={mediaUrl} type={type} title={title} />
              {mediaUrl ? (
                <p className="text-xs text-muted-foreground">
                  {type === 'IMAGE'
                    ? `Shows for ${seconds} s per play, ${REPEATS_PER_AD} plays in a row before the next ad.`
                    : `Plays to the end, ${REPEATS_PER_AD} times in a row before the next ad.`}
                </p>
              ) : null}
            </CardContent>
          </Card>
        </div>
      </form>
    </Form>
  );
}
