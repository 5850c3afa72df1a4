import { pairingCodeSchema } from '@adloop/contract/screen-pairing';
import { type Screen, screenCreateSchema } from '@adloop/contract/screens';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import type { PickerOption } from '@/components/option-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { usePairScreen } from '@/features/screens/api/pair-screen';
import { OutletPicker } from '@/features/screens/components/outlet-picker';
import { ScreenPicker } from '@/features/screens/components/screen-picker';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { ApiError } from '@/lib/http';
import { paths } from '@/lib/paths';
import { screenResource } from '@/lib/resources/screens';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';

const pairFormSchema = z
  .object({
    code: pairingCodeSchema,
    target: z.enum(['existing', 'new']),
    screen_id: z.string(),
    outlet_id: z.string(),
    screen_code: z.string(),
    name: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.target === 'existing') {
      if (!values.screen_id) ctx.addIssue({ code: 'custom', path: ['screen_id'], message: 'Choose a screen' });
      return;
    }
    const created = screenCreateSchema.safeParse({
      outlet_id: values.outlet_id,
      screen_code: values.screen_code,
      name: values.name,
    });
    for (const issue of created.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

type PairFormValues = z.input<typeof pairFormSchema>;
const FIELDS = ['code', 'screen_id', 'outlet_id', 'screen_code', 'name'] as const;

/**
 * The code a new display shows and the screen to attach it to: one the caller has, or a new one
 * made on the way (decision 088). A code refused by the server is explained under its field.
 */
export function PairScreenForm({
  initialCode,
  mayCreate,
  onPaired,
}: {
  initialCode: string;
  mayCreate: boolean;
  onPaired: (screen: Screen) => void;
}) {
  const pair = usePairScreen();
  const create = useCreateResource(screenResource);
  // A screen made by an attempt whose code then failed: the next attempt pairs it, not another.
  const [created, setCreated] = useState<PickerOption>();
  const form = useForm({
    resolver: formResolver(pairFormSchema),
    defaultValues: {
      code: initialCode,
      target: 'existing',
      screen_id: '',
      outlet_id: '',
      screen_code: '',
      name: '',
    } satisfies PairFormValues,
  });
  const target = form.watch('target');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      let screenId = values.screen_id;
      if (values.target === 'new') {
        const { screen } = await create.mutateAsync(
          screenCreateSchema.parse({ outlet_id: values.outlet_id, screen_code: values.screen_code, name: values.name }),
        );
        screenId = screen.id;
        setCreated({ value: screen.id, label: screen.screen_code, description: screen.outlet.name });
        form.setValue('target', 'existing');
        form.setValue('screen_id', screen.id);
      }
      onPaired(await pair.mutateAsync({ screenId, code: values.code }));
    } catch (error) {
      const shown = applyServerErrors(error, form.setError, FIELDS, values.target === 'new' ? 'screen_code' : 'code');
      // Too many wrong codes: said under the code as well as in the toast.
      if (!shown && error instanceof ApiError && error.status === 429) {
        form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      }
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="w-full max-w-xl">
        <Card>
          <CardHeader>
            <CardTitle>Pair a display</CardTitle>
            <CardDescription>
              A new display at {window.location.host}
              {paths.screenConnect.getHref()} shows a pairing code and its QR code. Scan it, or type the code here.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <TextField
              control={form.control}
              name="code"
              label="Pairing code"
              description="6 letters and digits, as the display shows them."
              placeholder="e.g. K7M 4PQ"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={9}
              inputClassName="h-12 font-mono text-2xl tracking-[0.2em] uppercase placeholder:text-base placeholder:tracking-normal placeholder:normal-case placeholder:font-sans"
              uppercase
            />
            {mayCreate ? (
              <fieldset className="grid gap-3">
                <legend className="mb-3 text-sm font-medium">Attach it to</legend>
                <div className="grid grid-cols-2 gap-2">
                  {(
                    [
                      ['existing', 'An existing screen'],
                      ['new', 'A new screen'],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5"
                    >
                      <input
                        type="radio"
                        value={value}
                        className="size-4 accent-primary"
                        {...form.register('target')}
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {target === 'existing' ? (
              <Field
                control={form.control}
                name="screen_id"
                label="Screen"
                description="The display plays this screen's ads, in its outlet."
              >
                {(field) => (
                  <ScreenPicker
                    value={field.value || undefined}
                    onChange={(id) => field.onChange(id ?? '')}
                    onBlur={field.onBlur}
                    known={created}
                  />
                )}
              </Field>
            ) : (
              <>
                <Field control={form.control} name="outlet_id" label="Outlet" description="Where the display hangs.">
                  {(field) => (
                    <OutletPicker
                      chooseSoleOutlet
                      value={field.value || undefined}
                      onChange={(id) => field.onChange(id ?? '')}
                      onBlur={field.onBlur}
                    />
                  )}
                </Field>
                <TextField
                  control={form.control}
                  name="screen_code"
                  label="Screen code"
                  description="Letters, digits and dashes."
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
              </>
            )}
          </CardContent>
          <CardFormFooter
            cancel={paths.screens.getHref()}
            submitLabel="Pair screen"
            icon={LinkIcon}
            pending={form.formState.isSubmitting}
          />
        </Card>
      </form>
    </Form>
  );
}
