import type { User, UserCreate, UserUpdate } from '@adloop/contract/users';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { KeyRoundIcon, MailIcon, UserCheckIcon, UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { SecretRevealDialog } from '@/components/secret-reveal-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { UserForm } from '@/features/onboarding/components/user-form';
import { useUserCommands } from '@/features/onboarding/hooks/use-user-commands';
import { useAuth } from '@/lib/auth-context';
import { onReadersClock } from '@/lib/readers-clock';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { useResendInvitation, useResetUserPassword, userResource } from '@/lib/resources/users';
import { toast } from '@/lib/toast';

/** Only what changed is sent; the email is the sign-in name and never changes here. */
function changesOf(user: User, values: UserCreate): UserUpdate {
  const changes: UserUpdate = {};
  if (values.name !== user.name) changes.name = values.name;
  if ((values.phone_number ?? null) !== user.phone_number) changes.phone_number = values.phone_number ?? null;
  if (values.role !== user.role) changes.role = values.role;
  if (values.company_id && values.company_id !== user.companies[0]?.id) changes.company_id = values.company_id;
  const outlets = user.outlets
    .map((outlet) => outlet.id)
    .sort()
    .join(',');
  if (values.outlet_ids && [...values.outlet_ids].sort().join(',') !== outlets) changes.outlet_ids = values.outlet_ids;
  return changes;
}

/** Where a user who has not chosen a password yet stands: invited by e-mail (until when), or not yet signed in. */
function passwordStatus(user: User): string | null {
  if (!user.must_change_password) return null;
  if (user.invitation_expires_at === null) return 'Has not signed in and chosen a password yet.';
  const until = onReadersClock(user.invitation_expires_at);
  return new Date(user.invitation_expires_at) > new Date()
    ? `Invited by e-mail; the link works until ${until}.`
    : `The e-mailed invitation expired on ${until}; resend it.`;
}

function UserEditor({ user }: { user: User }) {
  const { user: me } = useAuth();
  const update = useUpdateResource(userResource);
  const commands = useUserCommands();
  const resetPassword = useResetUserPassword();
  const resendInvitation = useResendInvitation();
  const confirmReset = useConfirmDialog();
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);

  const askReset = () =>
    confirmReset.ask({
      title: `Reset ${user.name}'s password?`,
      description:
        'They are signed out everywhere at once. You get a temporary password to share with them; they choose their own at the next sign-in.',
      confirmLabel: 'Reset password',
      destructive: true,
      onConfirm: async () => {
        const { temporary_password } = await resetPassword.mutateAsync(user.id);
        setTemporaryPassword(temporary_password);
      },
    });

  const resend = async () => {
    const { invitation } = await resendInvitation.mutateAsync(user.id);
    toast.success(`Invitation sent to ${invitation.sent_to}`, {
      description: `The new link works once, until ${onReadersClock(invitation.expires_at)}; the older one no longer does.`,
    });
  };

  const onSave = async (values: UserCreate) => {
    const changes = changesOf(user, values);
    if (Object.keys(changes).length === 0) return;
    const saved = await update.mutateAsync({ id: user.id, changes });
    toast.success(`${saved.name} saved`);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,42rem)_minmax(0,20rem)]">
      <UserForm key={user.id} user={user} onSave={onSave} />
      <div className="grid gap-6">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="flex items-center justify-between gap-2">
              Account
              <ActiveBadge active={user.is_active} inactiveLabel="Deactivated" />
            </CardTitle>
            <CardDescription>
              Added {format(new Date(user.created_at), 'd MMM yyyy')}. {passwordStatus(user)}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {user.id === me.id ? (
              <p className="text-sm text-muted-foreground">
                You cannot deactivate your own account; change your password in Settings.
              </p>
            ) : (
              <>
                <Button type="button" variant="outline" onClick={() => commands.toggleActive(user)}>
                  {user.is_active ? <UserXIcon aria-hidden="true" /> : <UserCheckIcon aria-hidden="true" />}
                  {user.is_active ? 'Deactivate' : 'Reactivate'}
                </Button>
                {user.is_active && user.must_change_password && user.invitation_expires_at !== null ? (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={resendInvitation.isPending}
                    onClick={() => resend().catch(() => undefined)}
                  >
                    <MailIcon aria-hidden="true" />
                    Resend invitation
                  </Button>
                ) : null}
                {user.is_active ? (
                  <Button type="button" variant="outline" onClick={askReset}>
                    <KeyRoundIcon aria-hidden="true" />
                    Reset password
                  </Button>
                ) : null}
              </>
            )}
          </CardContent>
        </Card>
      </div>
      {commands.confirmDialog}
      {confirmReset.dialog}
      <SecretRevealDialog
        secret={temporaryPassword}
        title={`Temporary password for ${user.name}`}
        description={`Share it with ${user.email} privately. They sign in at /login and must choose their own password right away.`}
        secretLabel="Temporary password"
        onDone={() => setTemporaryPassword(null)}
      />
    </div>
  );
}

export function EditUserPage() {
  const { id = '' } = useParams();
  const user = useQuery(userResource.detailOptions(id));

  return (
    <PageShell description="The user's name, role and the company or outlets they work for.">
      {user.isLoading ? (
        <Skeleton className="h-96 max-w-2xl rounded-xl" aria-busy="true" />
      ) : user.data ? (
        <UserEditor user={user.data} />
      ) : (
        <RecordNotFound
          title="User not found"
          description="They may have been deleted, or you do not manage them."
          list="users"
        />
      )}
    </PageShell>
  );
}
