import type { ScreenCommand } from '@adloop/contract/screen-commands';
import type { Screen } from '@adloop/contract/screens';
import { EraserIcon, RotateCwIcon } from 'lucide-react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSendScreenCommand } from '@/features/screens/api/send-screen-command';
import { toast } from '@/lib/toast';

const COMMANDS: Record<ScreenCommand, { label: string; title: (code: string) => string; description: string }> = {
  reload: {
    label: 'Reload player',
    title: (code) => `Reload the player on ${code}?`,
    description:
      'The screen reloads its page and starts its loop again from the first ad, within a few seconds. Plays not yet sent are kept and sent after.',
  },
  'clear-cache': {
    label: 'Clear cache and reload',
    title: (code) => `Clear the cache of ${code} and reload?`,
    description:
      'The screen deletes its stored app, ad list and media, reloads and downloads them again: use it when it shows something outdated or broken. Plays not yet sent are kept. It does this only while it can reach the server.',
  },
};

/** Reload the player, or clear its caches and reload (decision 059); a playing screen is interrupted, so each asks first. */
export function ScreenPlayerCommands({ screen }: { screen: Screen }) {
  const confirm = useConfirmDialog();
  const send = useSendScreenCommand();

  const ask = (command: ScreenCommand) => {
    const { label, title, description } = COMMANDS[command];
    confirm.ask({
      title: title(screen.screen_code),
      description,
      confirmLabel: label,
      onConfirm: async () => {
        await send.mutateAsync({ screenId: screen.id, command });
        toast.success(
          screen.is_online
            ? `Sent to ${screen.screen_code}`
            : `Sent to ${screen.screen_code}; it is offline, so it may not hear it`,
        );
      },
    });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Player</CardTitle>
        <CardDescription>Reach the screen while it plays. It hears the command at once when online.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => ask('reload')}>
          <RotateCwIcon aria-hidden="true" />
          {COMMANDS.reload.label}
        </Button>
        <Button type="button" variant="outline" onClick={() => ask('clear-cache')}>
          <EraserIcon aria-hidden="true" />
          {COMMANDS['clear-cache'].label}
        </Button>
      </CardContent>
      {confirm.dialog}
    </Card>
  );
}
