import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { DASHBOARD_PAGES, type LinkablePageName } from '@/lib/dashboard-pages';

type RecordNotFoundProps = {
  title: string;
  description: string;
  /** The list the record belongs to; the button goes back to it, named by its title. */
  list: LinkablePageName;
};

/** An edit page's record that does not exist or is out of the user's reach, with the way back to its list. */
export function RecordNotFound({ title, description, list }: RecordNotFoundProps) {
  const page = DASHBOARD_PAGES[list];
  return (
    <EmptyState icon={SearchXIcon} title={title} description={description}>
      <PageLinkButton to={page.path} icon={ArrowLeftIcon} label={`Back to ${page.title}`} variant="outline" />
    </EmptyState>
  );
}
