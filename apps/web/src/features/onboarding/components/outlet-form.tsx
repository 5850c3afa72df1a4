import { OUTLET_TIERS, STANDARD_COMMISSION_BPS } from '@adloop/contract/constants';
import { writableOnly } from '@adloop/contract/field-grants';
import { type Outlet, type OutletUpdate, outletUpdateSchema } from '@adloop/contract/outlets';
import { mayAddPincodeWithOutlet } from '@adloop/contract/permissions';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '@adloop/contract/time-zones';
import { useQuery } from '@tanstack/react-query';
import { SaveIcon, StoreIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { OutletAlertFields } from '@/features/onboarding/components/outlet-alert-fields';
import { OutletPlaceFields } from '@/features/onboarding/components/outlet-place-fields';
import { PercentInput } from '@/features/onboarding/components/percent-input';
import { TimeZonePicker } from '@/features/onboarding/components/time-zone-picker';
import { offsetOf, timeZoneChoice } from '@/features/onboarding/lib/time-zone-search';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';
import { TIER_LABELS } from '@/lib/rate-card';
import { pincodeLookupQueryOptions } from '@/lib/resources/pincodes';

const FIELDS = [
  'name',
  'outlet_code',
  'address',
  'city',
  'pincode',
  'state',
  'timezone',
  'tags',
  'commission_bps',
  'tier',
  'offline_alert_minutes',
  'alert_webhook_url',
  'alert_webhook_secret',
  'is_active',
] as const;
const BLANKS = {
  blankAsNull: ['city', 'pincode', 'state', 'alert_webhook_url'],
  // An empty secret keeps the saved one: it is write-only (decision 060).
  blankAsAbsent: ['timezone', 'alert_webhook_secret'],
} as const;

const USUAL_PERCENT = STANDARD_COMMISSION_BPS / 100;

/** Where the zone is and how far from UTC, e.g. "India, UTC+05:30 today". */
function zoneSummary(zone: string | undefined) {
  if (!zone) return null;
  const { country } = timeZoneChoice(zone);
  return `${country ?? 'Coordinated Universal Time'}, ${offsetOf(zone)} today. `;
}

type OutletFormProps = {
  outlet?: Outlet;
  /** Only AdLoop's admins switch outlets on and off and set their commission. */
  mayManage: boolean;
  onSave: (values: OutletUpdate) => Promise<unknown>;
};

/** A venue that runs screens: where it is, its local time, its tags for targeting and AdLoop's commission. */
export function OutletForm({ outlet, mayManage, onSave }: OutletFormProps) {
  const { user } = useAuth();
  const form = useForm({
    resolver: formResolver(outletUpdateSchema, BLANKS),
    defaultValues: {
      name: outlet?.name ?? '',
      outlet_code: outlet?.outlet_code ?? '',
      address: outlet?.address ?? '',
      city: outlet?.city ?? '',
      pincode: outlet?.pincode ?? '',
      state: '',
      // India-first, never the browser's zone (a server's UTC) by accident (decision 047).
      timezone: outlet ? canonicalTimeZone(outlet.timezone) : DEFAULT_TIME_ZONE,
      tags: outlet?.tags ?? [],
      // The usual commission is the new outlet's value, not a grey hint: left alone, it is what is saved (decision 091).
      commission_bps: outlet ? (outlet.commission_bps ?? undefined) : STANDARD_COMMISSION_BPS,
      tier: outlet?.tier ?? 'STANDARD',
      offline_alert_minutes: outlet?.offline_alert_minutes ?? null,
      alert_webhook_url: outlet?.alert_webhook_url ?? '',
      alert_webhook_secret: '',
      is_active: outlet && mayManage ? outlet.is_active : undefined,
    },
  });
  const pincode = useWatch({ control: form.control, name: 'pincode' }) ?? '';
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const place = useQuery(pincodeLookupQueryOptions(pincode.trim()));
  // A pincode AdLoop does not know yet: its state is asked for and sent with the outlet.
  const newPincode = place.data === null;

  // A known pincode brings its city: a newly typed one always, the saved one only into an empty city.
  const savedPincode = outlet?.pincode ?? '';
  useEffect(() => {
    if (!place.data) return;
    if (place.data.code !== savedPincode || !form.getValues('city')) {
      form.setValue('city', place.data.city, { shouldDirty: true });
    }
  }, [place.data, savedPincode, form]);

  const onSubmit = form.handleSubmit(async ({ state, ...values }) => {
    // An emptied commission would otherwise be left out and quietly mean "unchanged" or "the usual".
    if (mayManage && values.commission_bps === undefined) {
      form.setError('commission_bps', { message: `Give AdLoop's commission: ${USUAL_PERCENT} % is usual, 0 for none` });
      return;
    }
    const toSave = newPincode ? { ...values, state } : values;
    try {
      // Code, commission, tier, on/off and the alert webhook are the platform's to set (field grants, decision 064).
      await onSave(mayManage ? toSave : writableOnly(user.role, 'outlets', toSave));
      // The secret is sent once; the field empties so it is not sent again with the next change.
      form.reset({ ...form.getValues(), alert_webhook_secret: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'outlet_code');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-3xl">
        <Card>
          <CardHeader>
            <CardTitle>{outlet ? outlet.name : 'New outlet'}</CardTitle>
            <CardDescription>
              {outlet
                ? 'Changes apply to every screen in this outlet.'
                : 'A venue that runs screens. Add its screens and onboard its staff next.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid items-start gap-6 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="name"
                label="Outlet name"
                placeholder="e.g. Third Wave, Indiranagar"
              />
              <TextField
                control={form.control}
                name="outlet_code"
                label="Outlet code"
                description={outlet && !mayManage ? 'Set by AdLoop.' : 'Short and unique; shown in reports.'}
                placeholder="e.g. TW-BLR-01"
                spellCheck={false}
                autoComplete="off"
                inputClassName="font-mono uppercase placeholder:font-sans placeholder:normal-case"
                disabled={Boolean(outlet) && !mayManage}
                uppercase
              />
            </div>
            <TextareaField control={form.control} name="address" label="Address" rows={2} placeholder="Street, area" />
            <OutletPlaceFields
              control={form.control}
              pincode={place.data}
              lookingUp={place.isFetching && place.data === undefined}
              mayAddPincode={mayAddPincodeWithOutlet(user.role)}
            />
            <Field
              control={form.control}
              name="timezone"
              label="Time zone"
              description={`${zoneSummary(timezone) ?? ''}Schedules and reports follow the outlet's local time.`}
            >
              {(field) => <TimeZonePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
            </Field>
            <TagsField
              control={form.control}
              name="tags"
              label="Tags"
              description="Advertisers target ads at outlets by tag."
              placeholder="e.g. cafe, premium — press Enter to add"
            />
            {mayManage ? (
              <div className="grid items-start gap-6 sm:grid-cols-2">
                <Field
                  control={form.control}
                  name="commission_bps"
                  label="Commission"
                  description={`AdLoop's share of what this outlet's screens earn; the outlet is paid the rest. ${USUAL_PERCENT} % is usual.`}
                >
                  {(field) => (
                    <PercentInput
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                    />
                  )}
                </Field>
                <SelectField
                  control={form.control}
                  name="tier"
                  label="Pricing tier"
                  description="Sets the price of its plays on the rate card; a change prices future plays only."
                  options={OUTLET_TIERS}
                  labels={TIER_LABELS}
                />
              </div>
            ) : null}
            <OutletAlertFields
              control={form.control}
              mayManage={mayManage}
              hasSecret={outlet?.has_alert_webhook_secret ?? false}
            />
            {outlet && mayManage ? (
              <SwitchField
                control={form.control}
                name="is_active"
                label="Active"
                description="An inactive outlet's screens stop playing and its staff cannot sign in."
              />
            ) : null}
          </CardContent>
          <CardFormFooter
            cancel={paths.outlets.getHref()}
            submitLabel={outlet ? 'Save changes' : 'Onboard outlet'}
            icon={outlet ? SaveIcon : StoreIcon}
            pending={form.formState.isSubmitting}
            disabled={outlet ? !form.formState.isDirty : false}
          />
        </Card>
      </form>
    </Form>
  );
}
