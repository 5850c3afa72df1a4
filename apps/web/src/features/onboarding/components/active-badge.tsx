import { Badge } from '@/components/ui/badge';

/** Whether a company, outlet or user is active; inactive ones keep their history but cannot work. */
export function ActiveBadge({ active, inactiveLabel = 'Inactive' }: { active: boolean; inactiveLabel?: string }) {
  return active ? (
    <Badge variant="outline" className="border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300">
      Active
    </Badge>
  ) : (
    <Badge variant="outline" className="border-border bg-muted text-muted-foreground">
      {inactiveLabel}
    </Badge>
  );
}
