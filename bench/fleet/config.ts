// Settings of `npm run fleet`: each is an environment variable or the matching --flag (flags win).
import { parseArgs } from 'node:util';

export const FAULTS = ['kill', 'db-outage', 'sse-churn', 'redis-outage', 'db-cut-one', 'kill-one'] as const;
/** Faults between API processes (decision 099): they need two or more. */
const BETWEEN_PROCESSES: readonly Fault[] = ['redis-outage', 'db-cut-one', 'kill-one'];
export type Fault = (typeof FAULTS)[number];

export interface FleetConfig {
  screens: number;
  seconds: number;
  batchIntervalS: number;
  pollIntervalS: number;
  heartbeatIntervalS: number;
  editIntervalS: number;
  drainS: number;
  connections: number;
  db: 'postgres' | 'pglite';
  faults: Fault[];
  outageS: number;
  churnStreams: number;
  /** Advertisers' campaigns booked before the load, each one line item flying today (0: none). */
  campaigns: number;
  /** API processes on one database and one Redis of the fleet's own (decision 099). */
  processes: number;
  adminUrl: string;
}

const SETTINGS = {
  screens: ['FLEET_SCREENS', '1000'],
  seconds: ['FLEET_SECONDS', '600'],
  'batch-interval': ['FLEET_BATCH_INTERVAL_S', '60'],
  'poll-interval': ['FLEET_POLL_INTERVAL_S', '180'],
  'edit-interval': ['FLEET_EDIT_INTERVAL_S', '20'],
  drain: ['FLEET_DRAIN_S', '60'],
  connections: ['FLEET_CONNECTIONS', '1024'],
  db: ['FLEET_DB', 'postgres'],
  faults: ['FLEET_FAULTS', ''],
  'outage-seconds': ['FLEET_OUTAGE_S', '20'],
  'churn-streams': ['FLEET_CHURN_STREAMS', '10000'],
  campaigns: ['FLEET_CAMPAIGNS', '20'],
  processes: ['FLEET_PROCESSES', '1'],
  'database-url': ['FLEET_DATABASE_URL', ''],
} as const;
type Setting = keyof typeof SETTINGS;

function positive(name: Setting, raw: string, min = 1): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${SETTINGS[name][0]} (--${name}) must be a number >= ${min}, got "${raw}"`);
  }
  return value;
}

/** `npm run fleet -- --help`: each setting, its variable and its default (README "Fleet" says more). */
export function usage(): string {
  const lines = Object.entries(SETTINGS).map(
    ([flag, [variable, fallback]]) => `  --${flag.padEnd(16)} ${variable.padEnd(24)} default ${fallback || '(none)'}`,
  );
  return [
    'npm run fleet -- [--flag value]…   (or the environment variable; flags win)',
    ...lines,
    '',
    'e.g. the embedded database at 300 screens × 2 s:',
    '  npm run fleet -- --db pglite --screens 300 --batch-interval 2 --seconds 180',
    "e.g. two API processes on one PostgreSQL and a Redis of the fleet's own, with the faults between them:",
    '  FLEET_PROCESSES=2 FLEET_FAULTS=redis-outage,db-cut-one,kill-one npm run fleet -- --screens 500 --seconds 60',
    'e.g. no campaigns (each of the default 20 books one line item flying today; see README "Fleet"):',
    '  npm run fleet -- --campaigns 0',
  ].join('\n');
}

export function readConfig(argv: string[], env: NodeJS.ProcessEnv): FleetConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, { type: 'string' as const }])),
      help: { type: 'boolean' as const },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const raw = (name: Setting): string =>
    ((values as Record<string, unknown>)[name] as string | undefined) ?? env[SETTINGS[name][0]] ?? SETTINGS[name][1];
  const db = raw('db');
  if (db !== 'postgres' && db !== 'pglite') throw new Error(`FLEET_DB (--db) must be postgres or pglite, got "${db}"`);
  const faults = raw('faults')
    .split(',')
    .map((fault) => fault.trim())
    .filter(Boolean);
  for (const fault of faults) {
    if (!FAULTS.includes(fault as Fault)) {
      throw new Error(`FLEET_FAULTS (--faults) takes ${FAULTS.join(', ')}; "${fault}" is none of them`);
    }
  }
  if (faults.includes('db-outage') && db === 'pglite') {
    throw new Error(
      'FLEET_FAULTS=db-outage needs FLEET_DB=postgres: the embedded database cannot stop apart from the API',
    );
  }
  const processes = Math.floor(positive('processes', raw('processes')));
  if (processes > 1 && db === 'pglite') {
    throw new Error('FLEET_PROCESSES > 1 needs FLEET_DB=postgres: the embedded database belongs to one process');
  }
  for (const fault of faults) {
    if (BETWEEN_PROCESSES.includes(fault as Fault) && processes < 2) {
      throw new Error(`FLEET_FAULTS=${fault} is a fault between API processes: it needs FLEET_PROCESSES=2 or more`);
    }
  }
  const adminUrl =
    raw('database-url') ||
    env.BENCH_DATABASE_URL ||
    env.TEST_DATABASE_URL ||
    'postgresql://postgres@127.0.0.1:5432/postgres';
  if (!['127.0.0.1', 'localhost'].includes(new URL(adminUrl).hostname)) {
    throw new Error('FLEET_DATABASE_URL must point at 127.0.0.1: the fleet creates and drops databases there');
  }
  return {
    screens: Math.floor(positive('screens', raw('screens'))),
    seconds: positive('seconds', raw('seconds'), 10),
    batchIntervalS: positive('batch-interval', raw('batch-interval'), 0.5),
    pollIntervalS: positive('poll-interval', raw('poll-interval'), 1),
    heartbeatIntervalS: 60,
    editIntervalS: positive('edit-interval', raw('edit-interval'), 1),
    drainS: positive('drain', raw('drain'), 0),
    connections: Math.floor(positive('connections', raw('connections'))),
    db,
    faults: faults as Fault[],
    outageS: positive('outage-seconds', raw('outage-seconds')),
    churnStreams: Math.floor(positive('churn-streams', raw('churn-streams'))),
    campaigns: Math.floor(positive('campaigns', raw('campaigns'), 0)),
    processes,
    adminUrl,
  };
}
