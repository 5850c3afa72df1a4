import type { Role } from '@adloop/contract/roles';
import { ROLE_LABELS } from '@adloop/contract/roles';
import { type User, type UserCreate, userCreateSchema } from '@adloop/contract/users';
import { SaveIcon, UserPlusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CompanySelect } from '@/features/onboarding/components/company-select';
import { FormFooter } from '@/features/onboarding/components/form-footer';
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
              <FormField
                control={form.control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Full name</FormLabel>
                    <FormControl>
                      <Input placeholder="e.g. Priya Sharma" autoComplete="off" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Work email</FormLabel>
                    <FormControl>
                      <Input
                        type="email"
                        placeholder="priya@company.com"
                        autoComplete="off"
                        disabled={Boolean(user)}
                        {...field}
                      />
                    </FormControl>
                    {user ? <FormDescription>They sign in with it; it cannot change.</FormDescription> : null}
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="phone_number"
              render={({ field }) => (
                <FormItem className="sm:max-w-[calc(50%-0.75rem)]">
                  <FormLabel>Phone</FormLabel>
                  <FormControl>
                    <Input type="tel" placeholder="+91 98765 43210" {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormDescription>Optional.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
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
              <FormField
                control={form.control}
                name="company_id"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Company</FormLabel>
                    <FormControl>
                      <CompanySelect
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        known={user?.companies.map((company) => ({ value: company.id, label: company.name }))}
                      />
                    </FormControl>
                    <FormDescription>The advertiser whose ads they work on.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : null}
            {isOutletRole(role) ? (
              <FormField
                control={form.control}
                name="outlet_ids"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Outlets</FormLabel>
                    <FormControl>
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
                    </FormControl>
                    <FormDescription>One or more venues whose screens they look after.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : null}
          </CardContent>
          <FormFooter
            cancelTo={paths.users.getHref()}
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
