import {
  INTEGRATION_SCOPE_NAMES,
  INTEGRATION_SCOPES,
  type IntegrationScope,
  type IntegrationTokenCreated,
  integrationTokenCreateSchema,
  integrationTokenRole,
  scopeFitsRole,
} from '@adloop/contract/integration-tokens';
import { KeyRoundIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { FieldError } from '@/components/form/plain-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useCreateIntegrationToken } from '@/features/settings/api/create-integration-token';
import { useTokenCompanies } from '@/features/settings/api/get-token-companies';
import { EXPIRY_CHOICES, type ExpiryChoice, expiresAtOf, expiryDayBounds } from '@/features/settings/lib/token-expiry';
import { useAuth } from '@/lib/auth-context';
import { ApiError } from '@/lib/http';
import { onReadersClock } from '@/lib/readers-clock';
import { cn } from '@/lib/utils';

type Field = 'name' | 'scopes' | 'company_id' | 'expires_at';
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'scopes', 'company_id', 'expires_at'];
/** The company choice of a global admin's network-wide token. */
const NETWORK = '';

/** The form field a contract issue or a server detail path names (`body.scopes.1` → scopes). */
function fieldOf(path: readonly PropertyKey[] | string): Field | undefined {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  return parts.find((part): part is Field => (FIELDS as readonly string[]).includes(part));
}

type CreateTokenDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (created: IntegrationTokenCreated) => void;
};

/**
 * A new integration token: its name, what it may do (only the scopes the role it will act with may
 * do in full are offered), the company it is for and when it stops working.
 */
export function CreateTokenDialog({ open, onClose, onCreated }: CreateTokenDialogProps) {
  const id = useId();
  const { user } = useAuth();
  const isGlobal = user.role === 'GLOBAL_ADMIN';
  const create = useCreateIntegrationToken();
  const companies = useTokenCompanies(open);
  const companyList = companies.data?.data ?? [];

  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<IntegrationScope>>(() => new Set());
  const [company, setCompany] = useState(NETWORK);
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [day, setDay] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  // A company admin's token is for their company: the only one is taken as chosen.
  const onlyCompany = !isGlobal && companyList.length === 1 ? companyList[0] : undefined;
  useEffect(() => {
    if (onlyCompany && company === NETWORK) setCompany(onlyCompany.id);
  }, [onlyCompany, company]);

  const companyId = company === NETWORK ? null : company;
  const offered = useMemo(() => {
    const role = integrationTokenRole(user.role, companyId);
    return INTEGRATION_SCOPE_NAMES.filter((scope) => scopeFitsRole(scope, role));
  }, [user.role, companyId]);

  // Scopes the chosen company's token may not hold are unticked when the company changes.
  useEffect(() => {
    setScopes((current) => {
      const kept = [...current].filter((scope) => offered.includes(scope));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [offered]);

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const reset = () => {
    setName('');
    setScopes(new Set());
    setCompany(onlyCompany?.id ?? NETWORK);
    setExpiry('90');
    setDay('');
    setErrors({});
  };

  const close = () => {
    reset();
    onClose();
  };

  const toggle = (scope: IntegrationScope, on: boolean) => {
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
    clearError('scopes');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiresAtOf(expiry, day);
    const payload = {
      name,
      scopes: INTEGRATION_SCOPE_NAMES.filter((scope) => scopes.has(scope)),
      ...(companyId !== null ? { company_id: companyId } : {}),
      expires_at: expiresAt ?? null,
    };
    const found: Errors = {};
    if (expiresAt === undefined) found.expires_at = 'Choose the day it stops working';
    if (!isGlobal && companyId === null) found.company_id = 'Choose the company the token is for';
    const parsed = integrationTokenCreateSchema.safeParse(payload);
    for (const issue of parsed.error?.issues ?? []) {
      const field = fieldOf(issue.path);
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      const created = await create.mutateAsync(parsed.data);
      reset();
      onCreated(created);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fromServer: Errors = {};
      for (const detail of error.details) {
        const field = fieldOf(detail.path);
        if (field && !fromServer[field]) fromServer[field] = detail.message;
      }
      // A scope beyond what the token's role may do is refused as a whole (403), naming the scope.
      if (Object.keys(fromServer).length === 0 && error.status === 403 && /scope/i.test(error.message)) {
        fromServer.scopes = error.message;
      }
      setErrors(fromServer);
    }
  };

  const bounds = expiryDayBounds();
  const expiresAt = expiresAtOf(expiry, day);

  return (
    <FormDialog
      open={open}
      onClose={close}
      busy={create.isPending}
      title="Create an integration token"
      description="Choose only what the other system needs. You can revoke the token at any time."
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Create an integration token">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              clearError('name');
            }}
            maxLength={120}
            placeholder="e.g. Tableau nightly proof-of-play import"
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${id}-name-help ${id}-name-error`}
          />
          <p id={`${id}-name-help`} className="text-xs text-muted-foreground">
            Say which system holds it, so you know what breaks if you revoke it.
          </p>
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>

        {isGlobal || companyList.length > 1 ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-company`}>{isGlobal ? 'Reaches' : 'Company'}</Label>
            <NativeSelect
              id={`${id}-company`}
              value={company}
              onChange={(event) => {
                setCompany(event.target.value);
                clearError('company_id');
              }}
              aria-invalid={errors.company_id ? true : undefined}
              aria-describedby={`${id}-company-help ${id}-company-error`}
            >
              {isGlobal ? (
                <NativeSelectOption value={NETWORK}>Whole network (every company)</NativeSelectOption>
              ) : (
                <NativeSelectOption value={NETWORK} disabled>
                  Choose a company
                </NativeSelectOption>
              )}
              {companyList.map((row) => (
                <NativeSelectOption key={row.id} value={row.id}>
                  {row.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            <p id={`${id}-company-help`} className="text-xs text-muted-foreground">
              {isGlobal
                ? companyId === null
                  ? 'It sees every company’s data, as you do.'
                  : 'It sees only this company’s data and may do what its company admin may.'
                : 'It sees only this company’s data.'}
            </p>
            <FieldError id={`${id}-company-error`} message={errors.company_id} />
          </div>
        ) : onlyCompany ? (
          <div className="grid gap-2">
            <span className="text-sm font-medium">Company</span>
            <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm">{onlyCompany.name}</p>
          </div>
        ) : (
          <FieldError id={`${id}-company-error`} message={errors.company_id} />
        )}

        <fieldset className="grid gap-3" aria-describedby={`${id}-scopes-error`}>
          <legend className="mb-1 text-sm font-medium">
            Scopes <span className="font-normal text-muted-foreground">— what it may do</span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {offered.map((scope) => {
              const checked = scopes.has(scope);
              return (
                <div
                  key={scope}
                  className={cn(
                    'relative flex gap-3 rounded-lg border p-3 transition-colors focus-within:ring-2 focus-within:ring-ring/50 hover:bg-muted/40',
                    checked && 'border-primary/60 bg-primary/5 hover:bg-primary/10',
                  )}
                >
                  <input
                    id={`${id}-${scope}`}
                    type="checkbox"
                    checked={checked}
                    onChange={(event) => toggle(scope, event.target.checked)}
                    aria-describedby={`${id}-${scope}-about`}
                    className="relative z-10 mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <div className="grid min-w-0 gap-0.5">
                    <label
                      htmlFor={`${id}-${scope}`}
                      className="cursor-pointer text-sm leading-tight font-medium after:absolute after:inset-0"
                    >
                      {INTEGRATION_SCOPES[scope].label}
                    </label>
                    <p id={`${id}-${scope}-about`} className="text-xs text-muted-foreground">
                      {INTEGRATION_SCOPES[scope].description}
                    </p>
                  </div>
                </div>
              );
            })}
          </div>
          {offered.length < INTEGRATION_SCOPE_NAMES.length ? (
            <p className="text-xs text-muted-foreground">
              Only what {isGlobal && companyId !== null ? 'a company admin' : 'your role'} may do is offered: a token
              never holds more than its creator.
            </p>
          ) : null}
          <FieldError id={`${id}-scopes-error`} message={errors.scopes} />
        </fieldset>

        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-expiry`}>Expires</Label>
            <NativeSelect
              id={`${id}-expiry`}
              value={expiry}
              onChange={(event) => {
                setExpiry(event.target.value as ExpiryChoice);
                clearError('expires_at');
              }}
              aria-describedby={`${id}-expiry-help`}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <NativeSelectOption key={choice.value} value={choice.value}>
                  {choice.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          {expiry === 'date' ? (
            <div className="grid content-start gap-2">
              <Label htmlFor={`${id}-day`}>Last day it works</Label>
              <Input
                id={`${id}-day`}
                type="date"
                value={day}
                min={bounds.min}
                max={bounds.max}
                onChange={(event) => {
                  setDay(event.target.value);
                  clearError('expires_at');
                }}
                aria-invalid={errors.expires_at ? true : undefined}
                aria-describedby={`${id}-expiry-error`}
              />
            </div>
          ) : null}
          <p id={`${id}-expiry-help`} className="text-xs text-muted-foreground sm:col-span-2">
            {expiresAt
              ? `It stops working at ${onReadersClock(expiresAt)}.`
              : expiresAt === null
                ? 'It works until someone revokes it. An expiry is safer.'
                : 'It stops working at the end of the day you choose.'}
          </p>
          <div className="sm:col-span-2">
            <FieldError id={`${id}-expiry-error`} message={errors.expires_at} />
          </div>
        </div>

        <FormDialogFooter
          onCancel={close}
          pending={create.isPending}
          holdWhilePending
          submitLabel={
            <>
              {create.isPending ? null : <KeyRoundIcon aria-hidden="true" />}
              Create token
            </>
          }
        />
      </form>
    </FormDialog>
  );
}
