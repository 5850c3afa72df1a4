import type { Role } from '@adloop/contract/roles';
import { ROLE_LABELS } from '@adloop/contract/roles';
import { type User, type UserCreate, userCreateSchema } from '@adloop/contract/users';
import { SaveIcon, UserPlusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { CompanyField } from '@/components/form/company-field';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { OutletsSelect } from '@/features/onboarding/components/outlets-select';
import {
  type AssignableRole,
  assignableRoles,
  isCompanyRole,
  isOutletRole,
  ROLE_DESCRIPTIONS,
} from '@/features/onboarding/lib/assignable-roles';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';

const FIELDS = ['name', 'email', 'phone_number', 'role', 'company_id', 'outlet_ids'] as const;
const BLANKS = { blankAsNull: ['phone_number'], blankAsAbsent: ['company_id'] } as const;

/** The user as sent: a company role names its company, an outlet role its outlets, nothing else. */
function mappedOnly(values: UserCreate): UserCreate {
  return {
    ...values,
    company_id: isCompanyRole(values.role) ? values.company_id : undefined,
    outlet_ids: isOutletRole(values.role) ? values.outlet_ids : undefined,
  };
}

type UserFormProps = {
  /** The user being edited; absent when onboarding one. */
  user?: User;
  onSave: (values: UserCreate) => Promise<unknown>;
};

/** A staff member: who they are, their role, and the company or outlets that role covers. */
export function UserForm({ user, onSave }: UserFormProps) {
  const { user: me } = useAuth();
  const roles = assignableRoles(me.role);
  const schema = useMemo(
    () =>
      userCreateSchema.superRefine((values, context) => {
        if (isCompanyRole(values.role) && !values.company_id) {
          context.addIssue({ code: 'custom', path: ['company_id'], message: 'Choose a company' });
        }
        if (isOutletRole(values.role) && (values.outlet_ids ?? []).length === 0) {
          context.addIssue({ code: 'custom', path: ['outlet_ids'], message: 'Choose at least one outlet' });
        }
      }),
    [],
  );
  const form = useForm({
    resolver: formResolver(schema, BLANKS),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone_number: user?.phone_number ?? '',
      // Admins of a company or outlet mostly add employees; AdLoop's admins choose every time.
      role: (user?.role === 'UNMAPPED' ? undefined : user?.role) ?? (roles.length === 2 ? roles[1] : undefined),
      company_id: user?.companies[0]?.id,
      outlet_ids: user?.outlets.map((outlet) => outlet.id) ?? [],
    },
  });
  const role = useWatch({ control: form.control, name: 'role' }) as AssignableRole | undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(mappedOnly(values));
      form.reset(form.getValues());
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'email');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-2xl">
        <Card>
          <CardHeader>
            <CardTitle>{user ? user.name : 'New user'}</CardTitle>
            <CardDescription>
              {user
                ? 'A new role or mapping applies the next time they load a page.'
                : 'They get a temporary password, shown once after saving, and choose their own at first sign-in.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="name"
                label="Full name"
                placeholder="e.g. Priya Sharma"
                autoComplete="off"
              />
              <TextField
                control={form.control}
                name="email"
                label="Work email"
                description={user ? 'They sign in with it; it cannot change.' : undefined}
                type="email"
                placeholder="priya@company.com"
                autoComplete="off"
                disabled={Boolean(user)}
              />
            </div>
            <TextField
              control={form.control}
              name="phone_number"
              label="Phone"
              description="Optional."
              className="sm:max-w-[calc(50%-0.75rem)]"
              type="tel"
              placeholder="+91 98765 43210"
            />
            <FormField
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Role</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-full sm:w-72">
                        <SelectValue placeholder="Choose a role" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {roles.map((option: Role) => (
                        <SelectItem key={option} value={option}>
                          {ROLE_LABELS[option]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {role ? <FormDescription>{ROLE_DESCRIPTIONS[role]}</FormDescription> : null}
                  <FormMessage />
                </FormItem>
              )}
            />
            {isCompanyRole(role) ? (
              <CompanyField
                control={form.control}
                name="company_id"
                label="Company"
                description="The advertiser whose ads they work on."
                known={user?.companies.map((company) => ({ value: company.id, label: company.name }))}
              />
            ) : null}
            {isOutletRole(role) ? (
              <Field
                control={form.control}
                name="outlet_ids"
                label="Outlets"
                description="One or more venues whose screens they look after."
              >
                {(field) => (
                  <OutletsSelect
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    known={user?.outlets.map((outlet) => ({
                      value: outlet.id,
                      label: outlet.name,
                      description: outlet.outlet_code,
                    }))}
                  />
                )}
              </Field>
            ) : null}
          </CardContent>
          <CardFormFooter
            cancel={paths.users.getHref()}
            submitLabel={user ? 'Save changes' : 'Onboard user'}
            icon={user ? SaveIcon : UserPlusIcon}
            pending={form.formState.isSubmitting}
            disabled={user ? !form.formState.isDirty : false}
          />
        </Card>
      </form>
    </Form>
  );
}
