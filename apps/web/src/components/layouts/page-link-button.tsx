import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

type PageLinkButtonProps = {
  to: string;
  icon: LucideIcon;
  label: string;
  variant?: 'default' | 'outline';
};

/** A button-styled link to another dashboard page, e.g. from a list to its create form. */
export function PageLinkButton({ to, icon: Icon, label, variant = 'default' }: PageLinkButtonProps) {
  return (
    <Button asChild variant={variant}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
