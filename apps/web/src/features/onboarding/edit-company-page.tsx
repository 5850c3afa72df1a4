import type { CompanyUpdate } from '@adloop/contract/companies';
import { canWriteField } from '@adloop/contract/field-grants';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { CompanyForm } from '@/features/onboarding/components/company-form';
import { useAuth } from '@/lib/auth-context';
import { companyResource } from '@/lib/resources/companies';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function EditCompanyPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const company = useQuery(companyResource.detailOptions(id));
  const update = useUpdateResource(companyResource);

  const onSave = async (changes: CompanyUpdate) => {
    const saved = await update.mutateAsync({ id, changes });
    toast.success(`${saved.name} saved`);
  };

  return (
    <PageShell description="The company's name and contacts.">
      {company.isLoading ? (
        <Skeleton className="h-80 max-w-2xl rounded-xl" aria-busy="true" />
      ) : company.data ? (
        <CompanyForm
          key={company.data.id}
          company={company.data}
          mayToggleActive={canWriteField(user.role, 'companies', 'is_active')}
          onSave={onSave}
        />
      ) : (
        <RecordNotFound
          title="Company not found"
          description="It may have been deleted, or you do not manage it."
          list="companies"
        />
      )}
    </PageShell>
  );
}
