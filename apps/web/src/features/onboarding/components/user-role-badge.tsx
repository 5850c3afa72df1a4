import { ROLE_LABELS, type Role } from '@adloop/contract/roles';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const ROLE_STYLES: Record<Role, string> = {
  GLOBAL_ADMIN: 'border-primary/30 bg-primary/10 text-primary',
  COMPANY_ADMIN: 'border-violet-500/30 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  COMPANY_EMPLOYEE: 'border-violet-500/20 bg-transparent text-violet-700 dark:text-violet-300',
  OUTLET_ADMIN: 'border-teal-500/30 bg-teal-500/10 text-teal-700 dark:text-teal-300',
  OUTLET_EMPLOYEE: 'border-teal-500/20 bg-transparent text-teal-700 dark:text-teal-300',
  UNMAPPED: 'border-border bg-muted text-muted-foreground',
};

export function UserRoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="outline" className={cn(ROLE_STYLES[role])}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
