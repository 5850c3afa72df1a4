import { type Company, type CompanyUpdate, companyUpdateSchema } from '@adloop/contract/companies';
import { Building2Icon, SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
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
            <TextField
              control={form.control}
              name="name"
              label="Company name"
              placeholder="e.g. Blue Tokai Coffee"
              autoComplete="organization"
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="contact_email"
                label="Contact email"
                description="Optional."
                type="email"
                placeholder="ads@company.com"
              />
              <TextField
                control={form.control}
                name="contact_phone"
                label="Contact phone"
                description="Optional."
                type="tel"
                placeholder="+91 98765 43210"
              />
            </div>
            {company && mayToggleActive ? (
              <SwitchField
                control={form.control}
                name="is_active"
                label="Active"
                description="An inactive company's ads stop playing and its people cannot sign in."
              />
            ) : null}
          </CardContent>
          <CardFormFooter
            cancel={paths.companies.getHref()}
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
