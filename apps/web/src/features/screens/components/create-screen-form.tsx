import { type ScreenCreate, screenCreateSchema } from '@adloop/contract/screens';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { Field } from '@/components/form/field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { OutletPicker } from '@/features/screens/components/outlet-picker';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';
import { outletResource } from '@/lib/resources/outlets';

const FIELDS = ['outlet_id', 'screen_code', 'name', 'tags'] as const;

/** A new screen under an outlet; the server answers its passcode, which the page shows once. */
export function CreateScreenForm({ onCreate }: { onCreate: (values: ScreenCreate) => Promise<unknown> }) {
  // Onboarding an outlet links here with it chosen (its toast's next step).
  const [search] = useSearchParams();
  const outletId = search.get('outlet_id') ?? '';
  const chosen = useQuery({ ...outletResource.detailOptions(outletId), enabled: outletId !== '' });
  const form = useForm({
    resolver: formResolver(screenCreateSchema),
    defaultValues: { outlet_id: outletId, screen_code: '', name: '', tags: [] as string[] },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onCreate(values);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'screen_code');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-2xl">
        <Card>
          <CardHeader>
            <CardTitle>New screen</CardTitle>
            <CardDescription>
              After saving you get the screen's 6-digit passcode, shown once. Enter it on the screen to start playing
              ads.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <Field
              control={form.control}
              name="outlet_id"
              label="Outlet"
              description="The venue where the screen hangs."
            >
              {(field) => (
                <OutletPicker
                  known={
                    chosen.data
                      ? { value: chosen.data.id, label: chosen.data.name, description: chosen.data.outlet_code }
                      : undefined
                  }
                  chooseSoleOutlet
                  value={field.value || undefined}
                  onChange={(id) => field.onChange(id ?? '')}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="screen_code"
                label="Screen code"
                description="What staff type on the screen. Letters, digits and dashes."
                placeholder="e.g. CAFE-MG-01"
                autoComplete="off"
                spellCheck={false}
                inputClassName="font-mono uppercase placeholder:normal-case placeholder:font-sans"
                uppercase
              />
              <TextField
                control={form.control}
                name="name"
                label="Name"
                description="Optional, to tell screens apart."
                placeholder="e.g. Counter screen"
              />
            </div>
            <TagsField
              control={form.control}
              name="tags"
              label="Tags"
              description="Used to target ads at groups of screens."
              placeholder="e.g. entrance, portrait — press Enter to add"
            />
          </CardContent>
          <CardFormFooter
            cancel={paths.screens.getHref()}
            submitLabel="Create screen"
            icon={PlusIcon}
            pending={form.formState.isSubmitting}
          />
        </Card>
      </form>
    </Form>
  );
}
