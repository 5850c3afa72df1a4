import type { AdCreate } from '@adloop/contract/ads';
import { makesHouseContent } from '@adloop/contract/house-content';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { useTransitionAd } from '@/features/ads/api/ad-actions';
import { AdForm, type AdFormIntent } from '@/features/ads/components/ad-form';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { adResource } from '@/lib/resources/ads';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function CreateAdPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const create = useCreateResource(adResource);
  const transition = useTransitionAd();
  const house = makesHouseContent(user.role);

  const onSave = async (values: AdCreate, intent: AdFormIntent) => {
    const ad = await create.mutateAsync(values);
    if (intent !== 'submit') {
      toast.success('Draft saved', { description: `“${ad.title}” is saved. Submit it for review when it is ready.` });
      navigate(paths.ads.getHref());
      return;
    }
    try {
      await transition.mutateAsync({ id: ad.id, action: 'submit' });
      toast.success('Ad submitted for review', { description: `“${ad.title}” plays once an admin approves it.` });
      navigate(paths.ads.getHref());
    } catch {
      // Created but not submitted: the edit page shows the draft and lets them try again.
      navigate(paths.editAd.getHref(ad.id));
    }
  };

  return (
    <PageShell
      description={
        house
          ? "Put your own menu or promotions on your outlet's screens: upload an image or video, then submit it for review."
          : 'Upload an image or video, or link to hosted media, then submit it for review.'
      }
    >
      <AdForm
        chooseCompany={user.role === 'GLOBAL_ADMIN'}
        house={house}
        onSave={onSave}
        cancelTo={paths.ads.getHref()}
      />
    </PageShell>
  );
}
