import type { IntegrationTokenCreated } from '@adloop/contract/integration-tokens';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { CreateTokenDialog } from '@/features/settings/components/create-token-dialog';
import { IntegrationTokensList } from '@/features/settings/components/integration-tokens-list';
import { TokenCreatedDialog } from '@/features/settings/components/token-created-dialog';
import { useAuth } from '@/lib/auth-context';

/**
 * Integration tokens (issue 25, decision 095): what they are for, the caller's tokens with their
 * last use, a form to create one (its secret shown once) and a way to revoke one.
 */
export function IntegrationTokensPage() {
  const { user } = useAuth();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<IntegrationTokenCreated | null>(null);

  const createButton = (
    <Button type="button" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden="true" />
      Create token
    </Button>
  );

  return (
    <PageShell
      description="Let a partner’s system pull proof of play and spend, or push ads and screens, without anyone’s password. A token does only what its scopes allow, and you can revoke it at any time."
      actions={createButton}
    >
      <div className="grid gap-3 rounded-xl border bg-muted/30 p-4 text-sm sm:grid-cols-3 sm:gap-6">
        <p>
          <span className="block font-medium">Sent with every request</span>
          <span className="text-muted-foreground">
            As the header <code className="font-mono text-xs">Authorization: Bearer adl_…</code>
          </span>
        </p>
        <p>
          <span className="block font-medium">Never more than you</span>
          <span className="text-muted-foreground">It acts with your rights, narrowed to its company and scopes.</span>
        </p>
        <p>
          <span className="block font-medium">Every use recorded</span>
          <span className="text-muted-foreground">Method, route, answer, time and address, per request.</span>
        </p>
      </div>

      <section aria-labelledby="tokens-heading" className="grid gap-4">
        <h2 id="tokens-heading" className="text-lg font-semibold tracking-tight">
          Tokens
        </h2>
        <IntegrationTokensList
          showCompany={user.role === 'GLOBAL_ADMIN'}
          empty={
            <EmptyState
              icon={KeyRoundIcon}
              title="No integration tokens yet"
              description="Create one for each system that calls AdLoop, so you can see what each does and revoke one without breaking the others."
            >
              <Button type="button" onClick={() => setCreating(true)}>
                <PlusIcon aria-hidden="true" />
                Create your first token
              </Button>
            </EmptyState>
          }
        />
      </section>

      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <TokenCreatedDialog created={created} onDone={() => setCreated(null)} />
    </PageShell>
  );
}
