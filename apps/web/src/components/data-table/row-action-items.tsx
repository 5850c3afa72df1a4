import { PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';

/** "Edit" in a row's menu: a link to the row's edit page, or an action (a dialog). */
export function EditRowAction({
  to,
  onSelect,
  label = 'Edit',
}: { label?: string } & ({ to: string; onSelect?: never } | { to?: never; onSelect: () => void })) {
  if (to !== undefined) {
    return (
      <DropdownMenuItem asChild>
        <Link to={to}>
          <PencilIcon aria-hidden="true" />
          {label}
        </Link>
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem onSelect={onSelect}>
      <PencilIcon aria-hidden="true" />
      {label}
    </DropdownMenuItem>
  );
}

/** Switching a company or an outlet off and on again. */
export function ToggleActiveRowAction({ active, onSelect }: { active: boolean; onSelect: () => void }) {
  return (
    <DropdownMenuItem onSelect={onSelect}>
      {active ? <PowerOffIcon aria-hidden="true" /> : <PowerIcon aria-hidden="true" />}
      {active ? 'Deactivate' : 'Reactivate'}
    </DropdownMenuItem>
  );
}

/** The last item of a row's menu, set apart: it asks before deleting. */
export function DeleteRowAction({ onSelect }: { onSelect: () => void }) {
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={onSelect}>
        <Trash2Icon aria-hidden="true" />
        Delete
      </DropdownMenuItem>
    </>
  );
}

type RowTitleProps = {
  title: ReactNode;
  /** The row's edit page, when the caller may edit it. */
  to?: string;
  detail?: ReactNode;
  detailClassName?: string;
};

/** The first cell of a row: its name, linked to its edit page when the caller may edit, and a line below. */
export function RowTitle({
  title,
  to,
  detail,
  detailClassName = 'block truncate text-xs text-muted-foreground',
}: RowTitleProps) {
  return (
    <div className="min-w-0">
      {to ? (
        <Link to={to} className="block truncate font-medium underline-offset-4 hover:underline">
          {title}
        </Link>
      ) : (
        <span className="block truncate font-medium">{title}</span>
      )}
      <span className={detailClassName}>{detail}</span>
    </div>
  );
}
