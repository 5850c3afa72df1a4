import type { OutletUpdate } from '@adloop/contract/outlets';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageShell } from '@/components/layouts/page-shell';
import { useCreateOutlet } from '@/features/onboarding/api/create-outlet';
import { OutletForm } from '@/features/onboarding/components/outlet-form';

export function OnboardOutletPage() {
  const navigate = useNavigate();
  const create = useCreateOutlet();

  const onSave = async ({ name = '', outlet_code = '', is_active: _unused, ...rest }: OutletUpdate) => {
    const outlet = await create.mutateAsync({ ...rest, name, outlet_code, address: rest.address ?? '' });
    toast.success(`${outlet.name} onboarded`, { description: 'Add its screens next, from Screens.' });
    navigate('/dashboard/onboarding/outlet');
  };

  return (
    <PageShell description="Add a venue that will run AdLoop screens.">
      <OutletForm mayManage onSave={onSave} />
    </PageShell>
  );
}
