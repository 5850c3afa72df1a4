import { type ScreenConnectForm as ScreenConnectValues, screenConnectFormSchema } from '@adloop/contract/screen';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PlainField } from '@/components/form/plain-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { authenticateScreen } from '@/features/display/api/authenticate-screen';
import { NO_SAVED_SCREEN, SavedScreenPicker } from '@/features/display/components/saved-screen-picker';
import {
  addSavedScreen,
  readSavedScreens,
  removeSavedScreen,
  type SavedScreen,
  writeSavedScreens,
} from '@/features/display/lib/saved-screens';
import { signInScreen } from '@/features/display/lib/screen-session-store';
import { paths } from '@/lib/paths';

/** Signs this device in as a screen, with typed or saved credentials (spec §2, §4, §5). */
export function ScreenConnectForm() {
  const navigate = useNavigate();
  const [savedScreens, setSavedScreens] = useState(readSavedScreens);
  const [selected, setSelected] = useState(NO_SAVED_SCREEN);
  const [authenticating, setAuthenticating] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(screenConnectFormSchema),
    defaultValues: { screenId: '', passcode: '' },
  });

  const connect = async (credentials: SavedScreen, typed: boolean) => {
    setAuthenticating(true);
    try {
      const session = await authenticateScreen({
        screen_code: credentials.screenId,
        pass_code: credentials.passcode,
      });
      // Spec §4: saved only when typed, never again when picked from the list.
      if (typed) {
        const next = addSavedScreen(readSavedScreens(), {
          screenId: session.screen_code,
          passcode: credentials.passcode,
        });
        writeSavedScreens(next);
        setSavedScreens(next);
      }
      toast.success('Screen authentication successful!');
      signInScreen(session);
      navigate(paths.screenDisplay.getHref(session.screen_code), { replace: true });
    } catch {
      // Already toasted by the HTTP client and logged by authenticateScreen.
      setAuthenticating(false);
    }
  };

  const onTyped = (values: ScreenConnectValues) => connect(values, true);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const saved = savedScreens.find((screen) => screen.screenId === selected);
    if (!saved) return handleSubmit(onTyped)(event);
    event.preventDefault();
    return connect(saved, false);
  };

  const onDelete = (screenId: string) => {
    const next = removeSavedScreen(savedScreens, screenId);
    writeSavedScreens(next);
    setSavedScreens(next);
    setSelected(NO_SAVED_SCREEN);
  };

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <SavedScreenPicker
        screens={savedScreens}
        selected={selected}
        onSelect={setSelected}
        onDelete={onDelete}
        disabled={authenticating}
      />
      {selected === NO_SAVED_SCREEN ? (
        <>
          <PlainField id="screen-id" label="Screen ID" error={errors.screenId?.message}>
            <Input
              id="screen-id"
              className="h-11"
              placeholder="e.g. CAFE-MAIN-01"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={errors.screenId ? true : undefined}
              aria-describedby={errors.screenId ? 'screen-id-error' : undefined}
              {...register('screenId')}
            />
          </PlainField>
          <PlainField id="passcode" label="Passcode" error={errors.passcode?.message}>
            <Input
              id="passcode"
              type="password"
              className="h-11 tracking-[0.3em] placeholder:tracking-normal"
              placeholder="6 digits"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              aria-invalid={errors.passcode ? true : undefined}
              aria-describedby={errors.passcode ? 'passcode-error' : undefined}
              {...register('passcode')}
            />
          </PlainField>
        </>
      ) : null}
      <Button type="submit" size="lg" className="h-11 w-full text-base" disabled={authenticating}>
        {authenticating ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden="true" />
            Authenticating...
          </>
        ) : (
          <>
            <PlayIcon aria-hidden="true" />
            Start Displaying Ads
          </>
        )}
      </Button>
    </form>
  );
}
