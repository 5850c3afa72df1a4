import { Trash2Icon } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { PlayerButton } from '@/features/display/components/player-button';
import { maskPasscode, type SavedScreen } from '@/features/display/lib/saved-screens';

export const NO_SAVED_SCREEN = '';

type SavedScreenPickerProps = {
  screens: readonly SavedScreen[];
  selected: string;
  onSelect: (screenId: string) => void;
  onDelete: (screenId: string) => void;
  disabled: boolean;
};

/** Screens signed in on this device before (spec §2): None, or one of them with its passcode masked. */
export function SavedScreenPicker({ screens, selected, onSelect, onDelete, disabled }: SavedScreenPickerProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="saved-screen">Saved screens</Label>
      <div className="flex gap-2">
        <NativeSelect
          id="saved-screen"
          className="h-11"
          value={selected}
          disabled={disabled}
          onChange={(event) => onSelect(event.target.value)}
        >
          <NativeSelectOption value={NO_SAVED_SCREEN}>None</NativeSelectOption>
          {screens.map((screen) => (
            <NativeSelectOption key={screen.screenId} value={screen.screenId}>
              {`${screen.screenId} · ${maskPasscode(screen.passcode)}`}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        {selected !== NO_SAVED_SCREEN ? (
          <PlayerButton
            look="outline-icon"
            aria-label="Delete saved screen"
            title="Delete saved screen"
            disabled={disabled}
            onClick={() => onDelete(selected)}
          >
            <Trash2Icon aria-hidden="true" />
          </PlayerButton>
        ) : null}
      </div>
    </div>
  );
}
