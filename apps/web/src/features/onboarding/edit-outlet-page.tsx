import { canWriteField } from '@adloop/contract/field-grants';
import type { Outlet, OutletUpdate } from '@adloop/contract/outlets';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { OutletForm } from '@/features/onboarding/components/outlet-form';
import { useAuth } from '@/lib/auth-context';
import { outletResource } from '@/lib/resources/outlets';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

/** Only what changed is sent, so a field the role may not touch is never in the request. */
function changesOf(outlet: Outlet, values: OutletUpdate): OutletUpdate {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const before = outlet[key as keyof Outlet];
    const same =
      Array.isArray(value) && Array.isArray(before) ? value.join(',') === before.join(',') : value === before;
    if (!same) changes[key] = value;
  }
  // A pincode goes with its city (and a new one with its state), even where the city stays as it was.
  if (changes.pincode) Object.assign(changes, { city: values.city, state: values.state });
  return changes as OutletUpdate;
}

export function EditOutletPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const outlet = useQuery(outletResource.detailOptions(id));
  const update = useUpdateResource(outletResource);

  const onSave = async (values: OutletUpdate) => {
    if (!outlet.data) return;
    const changes = changesOf(outlet.data, values);
    if (Object.keys(changes).length === 0) return;
    const saved = await update.mutateAsync({ id, changes });
    toast.success(`${saved.name} saved`);
  };

  return (
    <PageShell description="The outlet's address, time zone, tags, commission and offline alerts.">
      {outlet.isLoading ? (
        <Skeleton className="h-[32rem] max-w-3xl rounded-xl" aria-busy="true" />
      ) : outlet.data ? (
        <OutletForm
          key={outlet.data.id}
          outlet={outlet.data}
          mayManage={canWriteField(user.role, 'outlets', 'commission_bps')}
          onSave={onSave}
        />
      ) : (
        <RecordNotFound
          title="Outlet not found"
          description="It may have been deleted, or you do not manage it."
          list="outlets"
        />
      )}
    </PageShell>
  );
}
