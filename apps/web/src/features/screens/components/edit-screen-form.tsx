import { type Screen, type ScreenUpdate, screenUpdateSchema } from '@adloop/contract/screens';
import { SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { Field } from '@/components/form/field';
import { SwitchField } from '@/components/form/switch-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { OutletPicker } from '@/features/screens/components/outlet-picker';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';

const FIELDS = ['name', 'tags', 'status', 'outlet_id'] as const;

/** Only what changed is sent. */
function changesOf(screen: Screen, values: ScreenUpdate): ScreenUpdate {
  const changes: ScreenUpdate = {};
  if (values.name !== undefined && values.name !== screen.name) changes.name = values.name;
  if (values.tags && values.tags.join(',') !== screen.tags.join(',')) changes.tags = values.tags;
  if (values.status && values.status !== screen.status) changes.status = values.status;
  if (values.outlet_id && values.outlet_id !== screen.outlet.id) changes.outlet_id = values.outlet_id;
  return changes;
}

type EditScreenFormProps = {
  screen: Screen;
  onSave: (changes: ScreenUpdate) => Promise<unknown>;
};

export function EditScreenForm({ screen, onSave }: EditScreenFormProps) {
  const form = useForm({
    resolver: formResolver(screenUpdateSchema),
    defaultValues: { name: screen.name, tags: screen.tags, status: screen.status, outlet_id: screen.outlet.id },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(changesOf(screen, values));
      form.reset(values);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Card>
          <CardHeader>
            <CardTitle className="font-mono">{screen.screen_code}</CardTitle>
            <CardDescription>The screen code cannot change: it is what the screen signs in with.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <TextField control={form.control} name="name" label="Name" placeholder="e.g. Counter screen" />
            <Field control={form.control} name="outlet_id" label="Outlet">
              {(field) => (
                <OutletPicker
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  known={{
                    value: screen.outlet.id,
                    label: screen.outlet.name,
                    description: screen.outlet.outlet_code,
                  }}
                />
              )}
            </Field>
            <TagsField
              control={form.control}
              name="tags"
              label="Tags"
              description="Used to target ads at groups of screens."
              placeholder="Press Enter to add a tag"
            />
            <SwitchField
              control={form.control}
              name="status"
              label="Active"
              description="A disabled screen is signed out and plays nothing until enabled again."
              values={['ACTIVE', 'DISABLED']}
            />
          </CardContent>
          <CardFormFooter
            cancel={paths.screens.getHref()}
            cancelLabel="Back to Screens"
            submitLabel="Save changes"
            icon={SaveIcon}
            pending={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
          />
        </Card>
      </form>
    </Form>
  );
}
