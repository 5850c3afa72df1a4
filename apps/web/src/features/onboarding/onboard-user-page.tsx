import type { UserCreate } from '@adloop/contract/users';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { SecretRevealDialog } from '@/components/secret-reveal-dialog';
import { UserForm } from '@/features/onboarding/components/user-form';
import { paths } from '@/lib/paths';
import { onReadersClock } from '@/lib/readers-clock';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { userResource } from '@/lib/resources/users';
import { toast } from '@/lib/toast';

type TemporaryPassword = { name: string; email: string; password: string; invitationError: string | null };

/**
 * A server that sends e-mail invites the new user by a one-time link, and the page says so; one
 * that does not (or whose mail server refused) answers a temporary password to pass on (decision 089).
 */
export function OnboardUserPage() {
  const navigate = useNavigate();
  const create = useCreateResource(userResource);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);

  const onSave = async (values: UserCreate) => {
    const { user, temporary_password, invitation, invitation_error } = await create.mutateAsync(values);
    if (invitation) {
      toast.success(`${user.name} onboarded`, {
        description: `Invitation sent to ${invitation.sent_to}. Its link works once, until ${onReadersClock(invitation.expires_at)}.`,
      });
      navigate(paths.users.getHref());
      return;
    }
    toast.success(`${user.name} onboarded`);
    if (temporary_password !== null) {
      setTemporary({
        name: user.name,
        email: user.email,
        password: temporary_password,
        invitationError: invitation_error,
      });
    }
  };

  const share = `Share it with ${temporary?.email ?? 'them'} privately. They sign in at /login and must choose their own password right away.`;

  return (
    <PageShell description="Give a staff member an account, a role and the company or outlets it covers.">
      <UserForm onSave={onSave} />
      <SecretRevealDialog
        secret={temporary?.password ?? null}
        title={`Temporary password for ${temporary?.name ?? ''}`}
        description={
          temporary?.invitationError
            ? `${temporary.invitationError}, so here is a temporary password instead. ${share}`
            : share
        }
        secretLabel="Temporary password"
        onDone={() => navigate(paths.users.getHref())}
      />
    </PageShell>
  );
}
