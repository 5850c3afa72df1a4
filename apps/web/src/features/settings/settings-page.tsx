import { ROLE_LABELS } from '@adloop/contract/roles';
import { PageShell } from '@/components/layouts/page-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-context';

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words sm:col-span-2">{value}</dd>
    </div>
  );
}

export function SettingsPage() {
  const { user } = useAuth();

  return (
    <PageShell description="Your account on AdLoop.">
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>
            The details of your signed-in account. Editing them and changing your password will be possible here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <ProfileField label="Name" value={user.name} />
            <ProfileField label="Email" value={user.email} />
            <ProfileField label="Phone" value={user.phone_number || 'Not set'} />
            <ProfileField label="Role" value={ROLE_LABELS[user.role]} />
          </dl>
        </CardContent>
      </Card>
    </PageShell>
  );
}
