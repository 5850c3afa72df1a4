import type { OutletUpdate } from '@adloop/contract/outlets';
import { can } from '@adloop/contract/permissions';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutlet } from '@/features/onboarding/api/get-outlet';
import { useUpdateOutlet } from '@/features/onboarding/api/update-outlet';
import { OutletForm } from '@/features/onboarding/components/outlet-form';
import { useAuth } from '@/lib/auth-context';

export function EditOutletPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const outlet = useOutlet(id);
  const update = useUpdateOutlet();

  const onSave = async (changes: OutletUpdate) => {
    const saved = await update.mutateAsync({ id, changes });
    toast.success(`${saved.name} saved`);
  };

  return (
    <PageShell description="The outlet's address, time zone, tags and commission.">
      {outlet.isLoading ? (
        <Skeleton className="h-[32rem] max-w-3xl rounded-xl" aria-busy="true" />
      ) : outlet.data ? (
        <OutletForm
          key={outlet.data.id}
          outlet={outlet.data}
          mayManage={can(user.role, 'outlets', 'create')}
          onSave={onSave}
        />
      ) : (
        <EmptyState
          icon={SearchXIcon}
          title="Outlet not found"
          description="It may have been deleted, or you do not manage it."
        >
          <PageLinkButton
            to="/dashboard/onboarding/outlet"
            icon={ArrowLeftIcon}
            label="Back to Outlets"
            variant="outline"
          />
        </EmptyState>
      )}
    </PageShell>
  );
}
