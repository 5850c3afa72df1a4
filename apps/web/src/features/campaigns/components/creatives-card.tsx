import { LINE_ITEM_ADS_MAX } from '@adloop/contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { OptionPicker, type PickerOption } from '@/components/option-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BookingControl } from '@/features/campaigns/lib/booking-form';
import { adOptions } from '@/lib/resources/ads';

/** The creatives: approved (ACTIVE) ads of the campaign's company, rotated as usual on screen. */
export function CreativesCard({
  control,
  companyId,
  chooseCompany,
}: {
  control: BookingControl;
  /** The saved campaign's company; a global admin's new booking reads the one chosen above. */
  companyId: string | undefined;
  chooseCompany: boolean;
}) {
  const chosen = useWatch({ control, name: 'company_id' });
  const company = chooseCompany ? chosen : companyId;
  const [search, setSearch] = useState('');
  const ready = !chooseCompany || Boolean(chosen);
  const ads = useQuery(adOptions({ q: search, company_id: company, status: 'ACTIVE' }, ready));
  const options: PickerOption[] = (ads.data ?? []).map((ad) => ({
    value: ad.id,
    label: ad.title,
    description: ad.type === 'IMAGE' ? 'Image' : 'Video',
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Creatives</CardTitle>
        <CardDescription>
          Approved ads of the advertiser that play in this flight, up to {LINE_ITEM_ADS_MAX}. An ad still in review
          cannot be booked.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Field control={control} name="ad_ids" label="Ads">
          {(field) => (
            <OptionPicker
              multiple
              options={options}
              loading={ads.isLoading}
              value={field.value ?? []}
              onChange={field.onChange}
              onSearchChange={setSearch}
              onBlur={field.onBlur}
              disabled={!ready}
              placeholder={ready ? 'Choose approved ads' : 'Choose the advertiser first'}
              searchPlaceholder="Search ads"
              emptyText="No approved ad matches."
            />
          )}
        </Field>
      </CardContent>
    </Card>
  );
}
