import { type Company, type CompanyUpdate, companyUpdateSchema } from '@adloop/contract/companies';
import { Building2Icon, SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { FormFooter } from '@/features/onboarding/components/form-footer';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';

const FIELDS = ['name', 'contact_email', 'contact_phone', 'is_active'] as const;
const BLANKS = { blankAsNull: ['contact_email', 'contact_phone'] } as const;

type CompanyFormProps = {
  /** The company being edited; absent when onboarding one. */
  company?: Company;
  /** Company admins edit their own company's details but not whether it is active. */
  mayToggleActive?: boolean;
  onSave: (values: CompanyUpdate) => Promise<unknown>;
};

/** An advertiser: its name and who to contact about its ads and invoices. */
export function CompanyForm({ company, mayToggleActive = false, onSave }: CompanyFormProps) {
  const form = useForm({
    // The edit schema, with the name required by its own rule; onboarding sends it through the create schema too.
    resolver: formResolver(companyUpdateSchema, BLANKS),
    defaultValues: {
      name: company?.name ?? '',
      contact_email: company?.contact_email ?? '',
      contact_phone: company?.contact_phone ?? '',
      is_active: company && mayToggleActive ? company.is_active : undefined,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      form.reset(form.getValues());
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'name');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-2xl">
        <Card>
          <CardHeader>
            <CardTitle>{company ? company.name : 'New company'}</CardTitle>
            <CardDescription>
              {company
                ? 'Changes show everywhere the company appears: ads, reports and invoices.'
                : 'An advertiser whose ads play on screens. Onboard its people next, as company admins or employees.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Company name</FormLabel>
                  <FormControl>
                    <Input placeholder="e.g. Blue Tokai Coffee" autoComplete="organization" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="contact_email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Contact email</FormLabel>
                    <FormControl>
                      <Input type="email" placeholder="ads@company.com" {...field} value={field.value ?? ''} />
                    </FormControl>
                    <FormDescription>Optional.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="contact_phone"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Contact phone</FormLabel>
                    <FormControl>
                      <Input type="tel" placeholder="+91 98765 43210" {...field} value={field.value ?? ''} />
                    </FormControl>
                    <FormDescription>Optional.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            {company && mayToggleActive ? (
              <FormField
                control={form.control}
                name="is_active"
                render={({ field }) => (
                  <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-4">
                    <div className="space-y-1">
                      <FormLabel>Active</FormLabel>
                      <FormDescription>
                        An inactive company's ads stop playing and its people cannot sign in.
                      </FormDescription>
                    </div>
                    <FormControl>
                      <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
                    </FormControl>
                  </FormItem>
                )}
              />
            ) : null}
          </CardContent>
          <FormFooter
            cancelTo={paths.companies.getHref()}
            submitLabel={company ? 'Save changes' : 'Onboard company'}
            icon={company ? SaveIcon : Building2Icon}
            pending={form.formState.isSubmitting}
            disabled={company ? !form.formState.isDirty : false}
          />
        </Card>
      </form>
    </Form>
  );
}
