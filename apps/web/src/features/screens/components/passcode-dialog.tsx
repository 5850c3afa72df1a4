import { SecretRevealDialog } from '@/components/secret-reveal-dialog';

/** The screen's new 6-digit passcode, shown once after creating the screen or resetting it. */
export function PasscodeDialog({
  revealed,
  onDone,
}: {
  revealed: { screenCode: string; passcode: string } | null;
  onDone: () => void;
}) {
  return (
    <SecretRevealDialog
      secret={revealed?.passcode ?? null}
      title={`Passcode for ${revealed?.screenCode ?? ''}`}
      description="Enter the screen code and this passcode on the screen's connect page (/ad/screen) to start playing ads."
      secretLabel="Passcode"
      onDone={onDone}
    />
  );
}
