import type { UserCreate } from '@adloop/contract/users';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageShell } from '@/components/layouts/page-shell';
import { SecretRevealDialog } from '@/components/secret-reveal-dialog';
import { UserForm } from '@/features/onboarding/components/user-form';
import { paths } from '@/lib/paths';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { userResource } from '@/lib/resources/users';

type Invitation = { name: string; email: string; temporaryPassword: string };

export function OnboardUserPage() {
  const navigate = useNavigate();
  const create = useCreateResource(userResource);
  const [invitation, setInvitation] = useState<Invitation | null>(null);

  const onSave = async (values: UserCreate) => {
    const { user, temporary_password } = await create.mutateAsync(values);
    toast.success(`${user.name} onboarded`);
    setInvitation({ name: user.name, email: user.email, temporaryPassword: temporary_password });
  };

  return (
    <PageShell description="Give a staff member an account, a role and the company or outlets it covers.">
      <UserForm onSave={onSave} />
      <SecretRevealDialog
        secret={invitation?.temporaryPassword ?? null}
        title={`Temporary password for ${invitation?.name ?? ''}`}
        description={`Share it with ${invitation?.email ?? 'them'} privately. They sign in at /login and must choose their own password right away.`}
        secretLabel="Temporary password"
        onDone={() => navigate(paths.users.getHref())}
      />
    </PageShell>
  );
}
