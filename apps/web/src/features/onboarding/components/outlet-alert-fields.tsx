import { DEFAULT_OFFLINE_ALERT_MINUTES } from '@adloop/contract/constants';
import { ALERT_WEBHOOK_SECRET_MIN, type OutletUpdate } from '@adloop/contract/outlets';
import type { Control } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

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
      <FormField
        control={control}
        name="offline_alert_minutes"
        render={({ field }) => (
          <FormItem className="max-w-xs">
            <FormLabel>Offline alert after (minutes)</FormLabel>
            <FormControl>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                step={1}
                placeholder={String(DEFAULT_OFFLINE_ALERT_MINUTES)}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)}
              />
            </FormControl>
            <FormDescription>
              A screen here that stops sending heartbeats this long raises an alert. 1 to 1440; empty means{' '}
              {DEFAULT_OFFLINE_ALERT_MINUTES}.
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      {mayManage ? (
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <FormField
            control={control}
            name="alert_webhook_url"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Alert webhook URL</FormLabel>
                <FormControl>
                  <Input
                    type="url"
                    inputMode="url"
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="https://hooks.example.com/adloop"
                    {...field}
                    value={field.value ?? ''}
                  />
                </FormControl>
                <FormDescription>
                  Each alert is also posted here as JSON, signed in X-AdLoop-Signature. Empty turns it off.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="alert_webhook_secret"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Webhook signing secret</FormLabel>
                <FormControl>
                  <Input
                    type="password"
                    autoComplete="new-password"
                    spellCheck={false}
                    placeholder={
                      hasSecret ? 'Saved; type to replace' : `At least ${ALERT_WEBHOOK_SECRET_MIN} characters`
                    }
                    {...field}
                    value={field.value ?? ''}
                  />
                </FormControl>
                <FormDescription>
                  {hasSecret
                    ? 'A secret is saved. It is never shown again.'
                    : 'Needed with a URL. It is never shown again.'}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
