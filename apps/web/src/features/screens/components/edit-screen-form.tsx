import { type Screen, type ScreenUpdate, screenUpdateSchema } from '@adloop/contract/screens';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TagInput } from '@/components/tag-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
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
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input placeholder="e.g. Counter screen" {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="outlet_id"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Outlet</FormLabel>
                  <FormControl>
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
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="tags"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Tags</FormLabel>
                  <FormControl>
                    <TagInput
                      value={field.value ?? []}
                      onChange={field.onChange}
                      placeholder="Press Enter to add a tag"
                    />
                  </FormControl>
                  <FormDescription>Used to target ads at groups of screens.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="status"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-4">
                  <div className="space-y-1">
                    <FormLabel>Active</FormLabel>
                    <FormDescription>
                      A disabled screen is signed out and plays nothing until enabled again.
                    </FormDescription>
                  </div>
                  <FormControl>
                    <Switch
                      checked={field.value === 'ACTIVE'}
                      onCheckedChange={(checked) => field.onChange(checked ? 'ACTIVE' : 'DISABLED')}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
          </CardContent>
          <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end [.border-t]:pt-6">
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <Link to={paths.screens.getHref()}>Back to Screens</Link>
            </Button>
            <Button
              type="submit"
              disabled={form.formState.isSubmitting || !form.formState.isDirty}
              className="w-full sm:w-auto"
            >
              {form.formState.isSubmitting ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SaveIcon aria-hidden="true" />
              )}
              Save changes
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}
