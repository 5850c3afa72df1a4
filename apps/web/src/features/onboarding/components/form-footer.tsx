import { Loader2Icon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardFooter } from '@/components/ui/card';

type FormFooterProps = {
  cancelTo: string;
  submitLabel: string;
  icon: LucideIcon;
  pending: boolean;
  /** An edit form has nothing to save until something changed. */
  disabled?: boolean;
};

/** Cancel and the form's main action, stacked full-width on phones. */
export function FormFooter({ cancelTo, submitLabel, icon: Icon, pending, disabled }: FormFooterProps) {
  return (
    <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end [.border-t]:pt-6">
      <Button asChild variant="ghost" className="w-full sm:w-auto">
        <Link to={cancelTo}>Cancel</Link>
      </Button>
      <Button type="submit" disabled={pending || disabled} className="w-full sm:w-auto">
        {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
        {submitLabel}
      </Button>
    </CardFooter>
  );
}
