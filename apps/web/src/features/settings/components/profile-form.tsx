import { ROLE_LABELS } from '@adloop/contract/roles';
import { profileUpdateSchema } from '@adloop/contract/users';
import { SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { Form, FormDescription } from '@/components/ui/form';
import { useUpdateProfile } from '@/features/settings/api/update-profile';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { toast } from '@/lib/toast';

const FIELDS = ['name', 'phone_number'] as const;

export function ProfileForm() {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: formResolver(profileUpdateSchema, { blankAsNull: ['phone_number'] }),
    defaultValues: { name: user.name, phone_number: user.phone_number ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ name: saved.name, phone_number: saved.phone_number ?? '' });
      toast.success('Profile saved');
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField control={form.control} name="name" label="Full name" autoComplete="name" />
          <TextField
            control={form.control}
            name="phone_number"
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-2">
            <span className="text-sm font-medium">Email</span>
            <p className="truncate rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
              {user.email}
            </p>
            <FormDescription>You sign in with it. Ask an admin to change it.</FormDescription>
          </div>
          <div className="grid content-start gap-2">
            <span className="text-sm font-medium">Role</span>
            <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
              {ROLE_LABELS[user.role]}
            </p>
          </div>
        </div>
        <div>
          <SubmitButton
            pending={update.isPending}
            disabled={!form.formState.isDirty}
            icon={SaveIcon}
            className="w-full sm:w-auto"
          >
            Save profile
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
