import type { CompanyUpdate } from '@adloop/contract/companies';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { CompanyForm } from '@/features/onboarding/components/company-form';
import { paths } from '@/lib/paths';
import { companyResource } from '@/lib/resources/companies';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function OnboardCompanyPage() {
  const navigate = useNavigate();
  const create = useCreateResource(companyResource);

  const onSave = async ({ name = '', contact_email, contact_phone }: CompanyUpdate) => {
    const company = await create.mutateAsync({ name, contact_email, contact_phone });
    toast.success(`${company.name} onboarded`, {
      description: 'Next step: onboard its people.',
      action: { label: 'Onboard a user', onClick: () => navigate(paths.onboardUser.getHref()) },
    });
    navigate(paths.companies.getHref());
  };

  return (
    <PageShell description="Add an advertiser whose ads will play on screens.">
      <CompanyForm onSave={onSave} />
    </PageShell>
  );
}
