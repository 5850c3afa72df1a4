import { DEFAULT_OFFLINE_ALERT_MINUTES } from '@adloop/contract/constants';
import { ALERT_WEBHOOK_SECRET_MIN, type OutletUpdate } from '@adloop/contract/outlets';
import type { Control } from 'react-hook-form';
import { NumberField } from '@/components/form/number-field';
import { TextField } from '@/components/form/text-field';

type OutletAlertFieldsProps = {
  control: Control<OutletUpdate>;
  /** Only a global admin sets where alerts are posted (decision 060). */
  mayManage: boolean;
  /** The outlet's webhook has a secret saved; it is never shown. */
  hasSecret: boolean;
};

/** When this outlet's dark screens raise an alert, and, for AdLoop's admins, the webhook it is posted to. */
export function OutletAlertFields({ control, mayManage, hasSecret }: OutletAlertFieldsProps) {
  return (
    <fieldset className="grid gap-6 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Offline alerts</legend>
      <NumberField
        control={control}
        name="offline_alert_minutes"
        label="Offline alert after (minutes)"
        description={`A screen here that stops sending heartbeats this long raises an alert. 1 to 1440; empty means ${DEFAULT_OFFLINE_ALERT_MINUTES}.`}
        className="max-w-xs"
        min={1}
        max={1440}
        placeholder={String(DEFAULT_OFFLINE_ALERT_MINUTES)}
        blank={null}
      />
      {mayManage ? (
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <TextField
            control={control}
            name="alert_webhook_url"
            label="Alert webhook URL"
            description="Each alert is also posted here as JSON, signed in X-AdLoop-Signature. Empty turns it off."
            type="url"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            placeholder="https://hooks.example.com/adloop"
          />
          <TextField
            control={control}
            name="alert_webhook_secret"
            label="Webhook signing secret"
            description={
              hasSecret ? 'A secret is saved. It is never shown again.' : 'Needed with a URL. It is never shown again.'
            }
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={hasSecret ? 'Saved; type to replace' : `At least ${ALERT_WEBHOOK_SECRET_MIN} characters`}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
