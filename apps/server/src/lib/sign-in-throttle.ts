import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signInThrottles } from '../db/schema.ts';
import { tooManyRequests } from './http-error.ts';

/**
 * How a counter slows guessing (decision 040): `free` failures pass, then each further one waits
 * `baseSeconds` doubled per failure up to `capSeconds`; after `decaySeconds` without a failure the
 * count starts again. Nothing here ever locks for good.
 */
export interface ThrottlePolicy {
  free: number;
  baseSeconds: number;
  capSeconds: number;
  decaySeconds: number;
  /** The 429's message; "Try again in N minute(s)." is added. Never says whether the subject exists. */
  message: string;
}

export type SignInScope = 'screen' | 'staff';

/** A network that signed this code or account in within this many days skips the all-network gates. */
export const KNOWN_NETWORK_DAYS = 30;
/** The all-network count at which a screen or user shows `sign_in_alert` to its admins. */
export const SIGN_IN_ALERT_FAILURES = 10;

interface Gate {
  scope: string;
  subject: string;
  ip: string;
  policy: ThrottlePolicy;
}

const t = signInThrottles;
const keyOf = (gate: Gate) => and(eq(t.scope, gate.scope), eq(t.subject, gate.subject), eq(t.ip, gate.ip));

/** The wait after the n-th failure, as an SQL timestamp (null while failures are free). */
function blockAfter(failures: ReturnType<typeof sql>, policy: ThrottlePolicy) {
  return sql`case when ${failures} >= ${policy.free} then now() + make_interval(secs => least(
    ${policy.baseSeconds}::float8 * power(2::float8, least(${failures} - ${policy.free}, 30)), ${policy.capSeconds}::float8))
    end`;
}

/**
 * Counts one attempt against a gate in a single INSERT … ON CONFLICT DO UPDATE, only while the gate
 * is open: concurrent attempts on any process serialise on the row, so no more than `free` are let
 * through. Answers 0 when admitted, else the seconds to wait.
 */
async function admit(db: Database, gate: Gate): Promise<number> {
  const { policy } = gate;
  const stale = sql`coalesce(${t.lastFailureAt} < now() - make_interval(secs => ${policy.decaySeconds}), true)`;
  const next = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`;
  const admitted = await db
    .insert(t)
    .values({
      scope: gate.scope,
      subject: gate.subject,
      ip: gate.ip,
      failures: 1,
      lastFailureAt: sql`now()`,
      blockedUntil: blockAfter(sql`1`, policy),
    })
    .onConflictDoUpdate({
      target: [t.scope, t.subject, t.ip],
      set: { failures: next, lastFailureAt: sql`now()`, blockedUntil: blockAfter(next, policy) },
      setWhere: sql`coalesce(${t.blockedUntil} <= now(), true)`,
    })
    .returning({ failures: t.failures });
  if (admitted.length > 0) return 0;
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${t.blockedUntil} - now()))::int` })
    .from(t)
    .where(keyOf(gate));
  return Math.max(1, row?.seconds ?? 1);
}

/** Gives back an attempt that was not a wrong guess (refused further on, or right). */
async function refund(db: Database, gate: Gate): Promise<void> {
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      blockedUntil: sql`case when ${t.failures} - 1 < ${gate.policy.free} then null else ${t.blockedUntil} end`,
    })
    .where(keyOf(gate));
}

/** A right secret from this network: its count clears and the network becomes known. */
async function markSuccess(db: Database, gate: Gate): Promise<void> {
  await db.update(t).set({ failures: 0, blockedUntil: null, lastSuccessAt: sql`now()` }).where(keyOf(gate));
}

/**
 * A right secret through a device's lane: the network becomes known too (a new browser at the venue
 * then skips the all-network gates), but its failure count is left as it is, for it may be shared.
 */
async function rememberNetwork(db: Database, scope: SignInScope, subject: string, ip: string): Promise<void> {
  await db
    .insert(t)
    .values({ scope, subject, ip, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({ target: [t.scope, t.subject, t.ip], set: { lastSuccessAt: sql`now()` } });
}

async function isKnownNetwork(db: Database, scope: SignInScope, subject: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ known: sql<boolean>`${t.lastSuccessAt} > now() - make_interval(days => ${KNOWN_NETWORK_DAYS})` })
    .from(t)
    .where(and(eq(t.scope, scope), eq(t.subject, subject), eq(t.ip, ip)));
  return row?.known === true;
}

export interface SignInPolicies {
  /** This code or account from this network. */
  network: ThrottlePolicy;
  /** This code or account from every network not yet known to it. */
  subject: ThrottlePolicy;
  /** This network across every code or account (screens only; staff have the per-IP rate limit). */
  everySubject?: ThrottlePolicy;
  /** A browser that signed this code or account in before, judged by its own failures alone (decision 076). */
  device: ThrottlePolicy;
}

export interface SignInAttempt {
  /** The secret was right: the network's count clears and the other gates get their attempt back. */
  succeeded(): Promise<void>;
}

/** The gates of an attempt from a browser without a device token: decision 040's gates. */
async function untrustedGates(
  db: Database,
  scope: SignInScope,
  subject: string,
  ip: string,
  policies: SignInPolicies,
): Promise<Gate[]> {
  const known = await isKnownNetwork(db, scope, subject, ip);
  const gates: Gate[] = [{ scope, subject, ip, policy: policies.network }];
  if (!known && policies.everySubject)
    gates.push({ scope: `${scope}-ip`, subject: '', ip, policy: policies.everySubject });
  if (!known) gates.push({ scope, subject, ip: '', policy: policies.subject });
  return gates;
}

/**
 * Admits one sign-in attempt through every gate that applies, before the secret is checked, so an
 * attempt is counted as a failure unless it proves right. A refused gate gives back the earlier ones.
 *
 * `deviceId` names a browser holding a valid device token of this subject (decision 076): its
 * attempt is judged in a lane of its own, counted on that device alone (the `ip` column holds the
 * device id, under scope `<scope>-device`), so failures from any network never close it.
 */
export async function beginSignIn(
  db: Database,
  scope: SignInScope,
  subject: string,
  ip: string,
  policies: SignInPolicies,
  deviceId: string | null = null,
): Promise<SignInAttempt> {
  const gates: Gate[] = deviceId
    ? [{ scope: `${scope}-device`, subject, ip: deviceId, policy: policies.device }]
    : await untrustedGates(db, scope, subject, ip, policies);

  const passed: Gate[] = [];
  for (const gate of gates) {
    const wait = await admit(db, gate);
    if (wait > 0) {
      for (const done of passed) await refund(db, done);
      throw tooManyRequests(`${gate.policy.message} Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
    }
    passed.push(gate);
  }
  if (Math.random() < 1 / 256) await prune(db);
  const [first, ...rest] = passed as [Gate, ...Gate[]];
  return {
    succeeded: async () => {
      await markSuccess(db, first);
      if (deviceId) await rememberNetwork(db, scope, subject, ip);
      for (const gate of rest) await refund(db, gate);
    },
  };
}

export interface GuessAttempt {
  /** The guess was right: it is given back, so only wrong guesses count. */
  right(): Promise<void>;
}

/**
 * Admits one guess of a secret that is not a sign-in (a screen's pairing code, decision 088) from a
 * network, counted on a gate of its own before the guess is checked: `policy.free` wrong guesses,
 * then 429 with Retry-After. A right guess is given back, so a network that pairs screens all day
 * is never slowed by its own successes, and a success never clears the count of wrong ones.
 */
export async function beginGuess(
  db: Database,
  scope: string,
  ip: string,
  policy: ThrottlePolicy,
): Promise<GuessAttempt> {
  const gate: Gate = { scope, subject: '', ip, policy };
  const wait = await admit(db, gate);
  if (wait > 0) throw tooManyRequests(`${policy.message} Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  if (Math.random() < 1 / 256) await prune(db);
  return { right: () => refund(db, gate) };
}

/** Ends every throttle on a code or account, its devices' included (a passcode or password reset by an admin). */
export async function clearSignInThrottles(db: Database, scope: SignInScope, subject: string): Promise<void> {
  await db.delete(t).where(and(inArray(t.scope, [scope, `${scope}-device`]), eq(t.subject, subject)));
}

/** Rows with nothing left to remember: no recent failure and no network still known. */
async function prune(db: Database): Promise<void> {
  await db.delete(t).where(
    sql`coalesce(${t.lastFailureAt} < now() - interval '2 days', true)
        and coalesce(${t.lastSuccessAt} < now() - make_interval(days => ${KNOWN_NETWORK_DAYS}), true)`,
  );
}

export interface SignInAlert {
  failed_attempts: number;
  networks: number;
  last_failed_at: string;
  slowed_until: string | null;
}

/**
 * The alert an admin sees on a screen or user under attack: wrong guesses from every network in the
 * last day, once they reach SIGN_IN_ALERT_FAILURES; null otherwise. `subject` is the row's code or email.
 */
export function signInAlertOf(scope: SignInScope, subject: SQL) {
  return sql<RawAlert | null>`(select case when k.failures >= ${SIGN_IN_ALERT_FAILURES}
      and k.last_failure_at > now() - interval '1 day' then json_build_object(
      'failed_attempts', k.failures,
      'networks', (select count(*) from sign_in_throttles n where n.scope = k.scope and n.subject = k.subject
        and n.ip <> '' and n.failures > 0 and n.last_failure_at > now() - interval '1 day'),
      'last_failed_at', k.last_failure_at,
      'slowed_until', case when k.blocked_until > now() then k.blocked_until end) end
    from sign_in_throttles k where k.scope = ${scope} and k.subject = ${subject} and k.ip = '')`;
}

/** True while new networks must wait before trying this code or account again. */
export function signInSlowedOf(scope: SignInScope, subject: SQL) {
  return sql<boolean>`exists (select 1 from sign_in_throttles k where k.scope = ${scope}
    and k.subject = ${subject} and k.ip = '' and k.blocked_until > now())`;
}

interface RawAlert {
  failed_attempts: number;
  networks: number | string;
  last_failed_at: string;
  slowed_until: string | null;
}

export function toSignInAlert(raw: RawAlert | null): SignInAlert | null {
  if (!raw) return null;
  return {
    failed_attempts: Number(raw.failed_attempts),
    networks: Number(raw.networks),
    last_failed_at: new Date(raw.last_failed_at).toISOString(),
    slowed_until: raw.slowed_until ? new Date(raw.slowed_until).toISOString() : null,
  };
}
