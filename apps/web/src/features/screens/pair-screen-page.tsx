import { normalisePairingCode } from '@adloop/contract/pairing-code';
import { can } from '@adloop/contract/permissions';
import type { Screen } from '@adloop/contract/screens';
import { CheckCircle2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PairScreenForm } from '@/features/screens/components/pair-screen-form';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

function Paired({ screen, onAnother }: { screen: Screen; onAnother: () => void }) {
  return (
    <Card role="status" className="w-full max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2Icon className="size-5 text-primary" aria-hidden="true" />
          Paired with {screen.screen_code}
        </CardTitle>
        <CardDescription>
          The display starts playing {screen.screen_code}'s ads at {screen.outlet.name} within a few seconds, on its
          own.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost" className="w-full sm:w-auto">
          <Link to={paths.editScreen.getHref(screen.id)}>Open the screen</Link>
        </Button>
        <Button type="button" className="w-full sm:w-auto" onClick={onAnother}>
          Pair another display
        </Button>
      </CardFooter>
    </Card>
  );
}

/** /dashboard/pair (decision 088): where a new display's QR code leads, `?code=` filled in. */
export function PairScreenPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const [paired, setPaired] = useState<Screen | null>(null);
  const [attempt, setAttempt] = useState(0);
  const initialCode = normalisePairingCode(searchParams.get('code') ?? '').slice(0, 9);

  const onPaired = (screen: Screen) => {
    toast.success(`Display paired with ${screen.screen_code}`);
    setPaired(screen);
    // The code is spent: a reload or "Pair another" starts empty.
    setSearchParams({}, { replace: true });
  };

  return (
    <PageShell description="Attach a new display to a screen from your phone: enter the code it shows, or scan its QR code.">
      {paired ? (
        <Paired
          screen={paired}
          onAnother={() => {
            setPaired(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <PairScreenForm
          key={attempt}
          initialCode={initialCode}
          mayCreate={can(user.role, 'screens', 'create')}
          onPaired={onPaired}
        />
      )}
    </PageShell>
  );
}
