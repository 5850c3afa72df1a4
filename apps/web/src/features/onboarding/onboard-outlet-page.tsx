import type { OutletUpdate } from '@adloop/contract/outlets';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { OutletForm } from '@/features/onboarding/components/outlet-form';
import { paths } from '@/lib/paths';
import { outletResource } from '@/lib/resources/outlets';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function OnboardOutletPage() {
  const navigate = useNavigate();
  const create = useCreateResource(outletResource);

  const onSave = async ({ name = '', outlet_code = '', is_active: _unused, ...rest }: OutletUpdate) => {
    const outlet = await create.mutateAsync({ ...rest, name, outlet_code, address: rest.address ?? '' });
    toast.success(`${outlet.name} onboarded`, {
      description: 'Next step: add its screens.',
      action: { label: 'Add a screen', onClick: () => navigate(paths.createScreen.getHref({ outlet_id: outlet.id })) },
    });
    navigate(paths.outlets.getHref());
  };

  return (
    <PageShell description="Add a venue that will run AdLoop screens.">
      <OutletForm mayManage onSave={onSave} />
    </PageShell>
  );
}
