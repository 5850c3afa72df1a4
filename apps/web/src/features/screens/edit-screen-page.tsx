import type { Screen, ScreenUpdate } from '@adloop/contract/screens';
import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EditScreenForm } from '@/features/screens/components/edit-screen-form';
import { PasscodeDialog } from '@/features/screens/components/passcode-dialog';
import { ScreenAudienceCard } from '@/features/screens/components/screen-audience-card';
import { ScreenConnection, ScreenStatusBadges } from '@/features/screens/components/screen-badges';
import { ScreenHealthCard } from '@/features/screens/components/screen-health-card';
import { ScreenPlayerCommands } from '@/features/screens/components/screen-player-commands';
import { ScreenScreenshotCard } from '@/features/screens/components/screen-screenshot-card';
import { useScreenCommands } from '@/features/screens/hooks/use-screen-commands';
import { paths } from '@/lib/paths';
import { screenResource } from '@/lib/resources/screens';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

function ScreenEditor({ screen }: { screen: Screen }) {
  const navigate = useNavigate();
  const update = useUpdateResource(screenResource);
  const commands = useScreenCommands({ onDeleted: () => navigate(paths.screens.getHref()) });

  const onSave = async (changes: ScreenUpdate) => {
    if (Object.keys(changes).length === 0) return;
    await update.mutateAsync({ id: screen.id, changes });
    toast.success(`${screen.screen_code} saved`);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <div className="grid min-w-0 gap-6">
        <EditScreenForm key={screen.id} screen={screen} onSave={onSave} />
        <ScreenAudienceCard screen={screen} />
        <ScreenScreenshotCard screen={screen} />
      </div>
      <div className="grid gap-6">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Connection</CardTitle>
            <CardDescription>Refreshes every 15 seconds.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <ScreenConnection screen={screen} />
            <ScreenStatusBadges screen={screen} />
          </CardContent>
        </Card>
        <ScreenHealthCard screen={screen} />
        <ScreenPlayerCommands screen={screen} />
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Passcode</CardTitle>
            <CardDescription>
              Lost, shared or under attack by wrong guesses? A new passcode signs the screen out and clears the
              slowdown.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button type="button" variant="outline" onClick={() => commands.askReset(screen)}>
              <KeyRoundIcon aria-hidden="true" />
              Reset passcode
            </Button>
          </CardContent>
        </Card>
        <Card className="gap-4 border-destructive/30">
          <CardHeader>
            <CardTitle>Delete screen</CardTitle>
            <CardDescription>Removes the screen. Its playback history stays in the reports.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button type="button" variant="destructive" onClick={() => commands.askDelete(screen)}>
              <Trash2Icon aria-hidden="true" />
              Delete screen
            </Button>
          </CardContent>
        </Card>
      </div>
      <PasscodeDialog revealed={commands.revealed} onDone={commands.closeRevealed} />
      {commands.confirmDialog}
    </div>
  );
}

export function EditScreenPage() {
  const { id = '' } = useParams();
  const screen = useQuery(screenResource.detailOptions(id));

  return (
    <PageShell description="Rename the screen, move it, tag it, disable it or give it a new passcode; set its audience; see what it shows and reload it.">
      {screen.isLoading ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" aria-busy="true">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : screen.data ? (
        <ScreenEditor screen={screen.data} />
      ) : (
        <RecordNotFound
          title="Screen not found"
          description="It may have been deleted, or it belongs to an outlet you do not manage."
          list="screens"
        />
      )}
    </PageShell>
  );
}
