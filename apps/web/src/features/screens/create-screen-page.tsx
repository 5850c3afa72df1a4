import type { ScreenCreate } from '@adloop/contract/screens';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { CreateScreenForm } from '@/features/screens/components/create-screen-form';
import { PasscodeDialog } from '@/features/screens/components/passcode-dialog';
import { paths } from '@/lib/paths';
import { screenResource } from '@/lib/resources/screens';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function CreateScreenPage() {
  const navigate = useNavigate();
  const create = useCreateResource(screenResource);
  const [revealed, setRevealed] = useState<{ screenCode: string; passcode: string } | null>(null);

  const onCreate = async (values: ScreenCreate) => {
    const { screen, passcode } = await create.mutateAsync(values);
    toast.success(`Screen ${screen.screen_code} created`);
    setRevealed({ screenCode: screen.screen_code, passcode });
  };

  return (
    <PageShell description="Add a display screen to an outlet and get the passcode it signs in with.">
      <CreateScreenForm onCreate={onCreate} />
      <PasscodeDialog revealed={revealed} onDone={() => navigate(paths.screens.getHref())} />
    </PageShell>
  );
}
