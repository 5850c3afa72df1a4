import { Loader2Icon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { PlainField } from '@/components/form/plain-field';
import { Input } from '@/components/ui/input';
import { authenticateScreen } from '@/features/display/api/authenticate-screen';
import { PlayerButton } from '@/features/display/components/player-button';
import { NO_SAVED_SCREEN, SavedScreenPicker } from '@/features/display/components/saved-screen-picker';
import { useScreenConnectForm } from '@/features/display/hooks/use-screen-connect-form';
import {
  addSavedScreen,
  readSavedScreens,
  removeSavedScreen,
  type SavedScreen,
  writeSavedScreens,
} from '@/features/display/lib/saved-screens';
import { goTo } from '@/features/display/lib/screen-location';
import { signInScreen } from '@/features/display/lib/screen-session-store';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

/** Signs this device in as a screen, with typed or saved credentials (spec §2, §4, §5). */
export function ScreenConnectForm() {
  const [savedScreens, setSavedScreens] = useState(readSavedScreens);
  const [selected, setSelected] = useState(NO_SAVED_SCREEN);
  const [authenticating, setAuthenticating] = useState(false);

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
      goTo(paths.screenDisplay.getHref(session.screen_code), { replace: true });
    } catch {
      // Already toasted by the HTTP client and logged by authenticateScreen.
      setAuthenticating(false);
    }
  };

  const typedForm = useScreenConnectForm((values) => connect(values, true));

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const saved = savedScreens.find((screen) => screen.screenId === selected);
    if (!saved) return typedForm.submit(event);
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
          <PlainField id="screen-id" label="Screen ID" error={typedForm.errors.screenId}>
            <Input
              className="h-11"
              placeholder="e.g. CAFE-MAIN-01"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              {...typedForm.fieldProps('screenId')}
            />
          </PlainField>
          <PlainField id="passcode" label="Passcode" error={typedForm.errors.passcode}>
            <Input
              type="password"
              className="h-11 tracking-[0.3em] placeholder:tracking-normal"
              placeholder="6 digits"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              {...typedForm.fieldProps('passcode')}
            />
          </PlainField>
        </>
      ) : null}
      <PlayerButton type="submit" look="submit" disabled={authenticating}>
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
      </PlayerButton>
    </form>
  );
}
