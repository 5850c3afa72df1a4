import { type ScreenCreate, screenCreateSchema } from '@adloop/contract/screens';
import { Loader2Icon, PlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TagInput } from '@/components/tag-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { OutletPicker } from '@/features/screens/components/outlet-picker';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';

const FIELDS = ['outlet_id', 'screen_code', 'name', 'tags'] as const;

/** A new screen under an outlet; the server answers its passcode, which the page shows once. */
export function CreateScreenForm({ onCreate }: { onCreate: (values: ScreenCreate) => Promise<unknown> }) {
  const form = useForm({
    resolver: formResolver(screenCreateSchema),
    defaultValues: { outlet_id: '', screen_code: '', name: '', tags: [] as string[] },
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
            <FormField
              control={form.control}
              name="outlet_id"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Outlet</FormLabel>
                  <FormControl>
                    <OutletPicker
                      chooseSoleOutlet
                      value={field.value || undefined}
                      onChange={(id) => field.onChange(id ?? '')}
                      onBlur={field.onBlur}
                    />
                  </FormControl>
                  <FormDescription>The venue where the screen hangs.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="screen_code"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Screen code</FormLabel>
                    <FormControl>
                      <Input
                        placeholder="e.g. CAFE-MG-01"
                        autoComplete="off"
                        spellCheck={false}
                        className="font-mono uppercase placeholder:normal-case placeholder:font-sans"
                        {...field}
                        onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                      />
                    </FormControl>
                    <FormDescription>What staff type on the screen. Letters, digits and dashes.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Name</FormLabel>
                    <FormControl>
                      <Input placeholder="e.g. Counter screen" {...field} />
                    </FormControl>
                    <FormDescription>Optional, to tell screens apart.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
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
                      placeholder="e.g. entrance, portrait — press Enter to add"
                    />
                  </FormControl>
                  <FormDescription>Used to target ads at groups of screens.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
          <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end [.border-t]:pt-6">
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <Link to={paths.screens.getHref()}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
              {form.formState.isSubmitting ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <PlusIcon aria-hidden="true" />
              )}
              Create screen
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}
