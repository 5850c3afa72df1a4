import { can } from '@adloop/contract/permissions';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useUpdateProfile } from '@/features/settings/api/update-profile';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast';

/** Whether offline alerts of the user's screens reach them by e-mail; only for roles that see alerts. */
export function AlertEmailsSwitch() {
  const { user } = useAuth();
  const update = useUpdateProfile();
  if (!can(user.role, 'alerts', 'read')) return null;
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="alert-emails">E-mail me when a screen goes offline</Label>
        <p className="text-sm text-muted-foreground">
          And when it is back. The bell at the top of the dashboard lists alerts either way.
        </p>
      </div>
      <Switch
        id="alert-emails"
        checked={user.alert_emails}
        disabled={update.isPending}
        onCheckedChange={(checked) =>
          update.mutate(
            { alert_emails: checked },
            { onSuccess: () => toast.success(checked ? 'Alert e-mails on' : 'Alert e-mails off') },
          )
        }
      />
    </div>
  );
}
