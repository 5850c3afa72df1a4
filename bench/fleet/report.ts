// The readable side of a fleet run: what the server logged, and a summary on stdout.
import { readFile } from 'node:fs/promises';
import type { ApiProcess } from './api-process.ts';
import type { HttpClient } from './http.ts';
import type { Ledger } from './ledger.ts';
import type { FleetReport } from './run.ts';
import type { SimulatedScreen } from './screen.ts';
import type { HealthProbe } from './staff.ts';

/** Server log lines at error level or above (pino 50+), and the headlines of crashes (plain lines). */
export async function serverLogFindings(logFile: string) {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  const byLevel: Record<string, number> = {};
  const messages = new Map<string, number>();
  let deadlocks = 0;
  let plainLines = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (line.includes('deadlock detected')) deadlocks += 1;
    let entry: { level?: number; msg?: string; err?: { message?: string } } | undefined;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = undefined;
    }
    if (!entry || typeof entry.level !== 'number') {
      plainLines += 1;
      // Of a crash's stack, its headline (`Error: Connection terminated unexpectedly`).
      if (/^\w*Error\b|^PostgreSQL /.test(line)) {
        const key = line.trim().slice(0, 200);
        messages.set(key, (messages.get(key) ?? 0) + 1);
      }
      continue;
    }
    byLevel[entry.level] = (byLevel[entry.level] ?? 0) + 1;
    if (entry.level >= 50) {
      // A failed query's message is the query; the cause (a deadlock, a lost connection) sits in the stack.
      const cause = line.includes('deadlock detected') ? 'deadlock detected — ' : '';
      const key = `${cause}${(entry.err?.message ?? entry.msg ?? '').replace(/\s+/g, ' ')}`.slice(0, 200);
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
  }
  return {
    linesByPinoLevel: byLevel,
    plainLines,
    deadlocksDetected: deadlocks,
    topMessages: [...messages]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([message, count]) => ({ message, count })),
  };
}

/** Each API process's own figures: what it answered, its screens, exits, memory and log (decision 099). */
export async function perProcessReport(
  apis: readonly ApiProcess[],
  logFiles: readonly string[],
  http: HttpClient,
  screens: readonly SimulatedScreen[],
  ledger: Ledger,
  probes: readonly HealthProbe[],
) {
  return Promise.all(
    apis.map(async (api, index) => {
      const rss = api.samples.map((sample) => sample.rssMiB);
      const log = await serverLogFindings(logFiles[index]!);
      return {
        process: index,
        port: api.port,
        requests: http.byProcess[index]!.requests,
        outcomes: http.byProcess[index]!.outcomes,
        screensHome: screens.filter((screen) => screen.home === index).length,
        screensAtEnd: screens.filter((screen) => screen.via === index).length,
        screensMovedAway: ledger.moves.filter((move) => move.from === index).length,
        screens503: ledger.unavailable.filter((entry) => entry.process === index).length,
        health: probes[index]!.report(),
        exits: api.exits,
        rssMiB: { first: rss[0] ?? null, max: rss.length ? Math.max(...rss) : null, last: rss.at(-1) ?? null },
        logErrors: log.linesByPinoLevel['50'] ?? 0,
        logTopMessages: log.topMessages.slice(0, 3),
      };
    }),
  );
}

/** With two processes or more: a line per process. */
function printProcesses(report: FleetReport) {
  if (report.processes.length < 2) return;
  console.log(
    `\nAPI processes (screens moved ${report.screens.movedToAnotherProcess}, returned home ${report.screens.returnedHome})`,
  );
  for (const each of report.processes) {
    console.log(
      `  ${each.process} :${each.port}  requests ${each.requests}  screens home/end ${each.screensHome}/${each.screensAtEnd}` +
        `  moved away ${each.screensMovedAway}  503s ${each.screens503}  exits ${each.exits.length}` +
        `  RSS max ${each.rssMiB.max} MiB  log errors ${each.logErrors}  health not 200 ${each.health.not200}`,
    );
    console.log(`      ${JSON.stringify(each.outcomes)}`);
  }
}

export function printSummary(report: FleetReport) {
  const line = (label: string, value: unknown) => console.log(`  ${label.padEnd(34)} ${value}`);
  const c = report.config;
  console.log(
    `\nFleet: ${c.screens} screens, ${report.timing.loadSeconds} s, batches every ${c.batchIntervalS} s, ${report.database}` +
      (c.processes > 1 ? `, ${c.processes} API processes` : '') +
      (c.faults.length ? `, faults: ${c.faults.join(', ')}` : ''),
  );
  console.log('\nRequests');
  line(
    'total / errors / steady errors',
    `${report.http.requests} / ${report.http.errors} / ${report.http.errorsSteady}`,
  );
  line('errors by status', JSON.stringify(report.http.errorsByStatus));
  console.log(`  ${'route'.padEnd(42)} ${'requests'.padStart(8)}  p50 ms   p99 ms  steady p50 / p99  outcomes`);
  for (const [route, stats] of Object.entries(report.http.routes)) {
    console.log(
      `  ${route.padEnd(42)} ${String(stats.requests).padStart(8)} ${String(stats.latency.p50Ms).padStart(7)} ${String(
        stats.latency.p99Ms,
      ).padStart(
        8,
      )} ${`${stats.latencySteady.p50Ms} / ${stats.latencySteady.p99Ms}`.padStart(17)}  ${JSON.stringify(stats.outcomes)}`,
    );
  }
  for (const [key, messages] of Object.entries(report.errorMessages)) {
    console.log(`    ${key}: ${messages.join(' | ')}`);
  }
  const p = report.plays;
  const e = report.exactlyOnce;
  console.log('\nPlays');
  line('generated / acknowledged', `${p.generated} / ${p.acknowledged} (${p.playsPerSecond}/s)`);
  line('acknowledged on a retry (duplicate)', p.acknowledgedAsDuplicate);
  line('refused', `${p.refused} ${JSON.stringify(p.refusedByReason)}`);
  line('dropped with their batch', JSON.stringify(p.droppedByStatus));
  line('stored in the database', e.stored);
  line('acknowledged but lost', e.acknowledgedButLost);
  line('duplicate rows', e.duplicateRows);
  line(
    'unacknowledged at the end',
    `${e.unacknowledgedAtEnd} (stored: ${JSON.stringify(e.storedWithoutAcknowledgement)})`,
  );
  line('rollups = raw plays', `${e.rollups.match} ${JSON.stringify(e.rollups)}`);
  line('EXACTLY ONCE', e.exactlyOnce ? 'yes' : 'NO');
  const ed = report.edits;
  console.log('\nStaff edits');
  line('edits', ed.edits);
  line('to screen p50 / p99 / max ms', `${ed.toScreen.p50Ms} / ${ed.toScreen.p99Ms} / ${ed.toScreen.maxMs}`);
  line(
    'to event stream p50 / p99 / max ms',
    `${ed.toEventStream.p50Ms} / ${ed.toEventStream.p99Ms} / ${ed.toEventStream.maxMs}`,
  );
  line('to ad list p50 / p99 / max ms', `${ed.toAdList.p50Ms} / ${ed.toAdList.p99Ms} / ${ed.toAdList.maxMs}`);
  line('screens missing the last edit', JSON.stringify(ed.screensMissingLastEdit));
  line(
    'health polls / over 1 s / not 200',
    `${report.health.polls} / ${report.health.over1s} / ${report.health.not200}`,
  );
  console.log('\nServer');
  const rss = report.server.samples.map((sample) => sample.rssMiB);
  line('RSS first / max / last MiB', `${rss[0]} / ${Math.max(...rss)} / ${rss.at(-1)}`);
  line('unexpected exits', report.server.unexpectedExits.length);
  line(
    'log: errors / deadlocks',
    `${report.server.log.linesByPinoLevel['50'] ?? 0} / ${report.server.log.deadlocksDetected}`,
  );
  for (const { message, count } of report.server.log.topMessages) console.log(`    ${count} × ${message}`);
  line('client CPU (% of one core)', report.client.cpuPctOfOneCore);
  line(
    'client event-loop delay p99 / max ms',
    `${report.client.eventLoopDelayP99Ms} / ${report.client.eventLoopDelayMaxMs}`,
  );
  line('client requests waiting for a socket (peak)', report.client.requestsWaitingForASocketPeak);
  line('client RSS peak MiB', report.client.rssMiBPeak);
  line('screens: list mismatches / stream drops', `${report.screens.listMismatches} / ${report.screens.streamDrops}`);
  printProcesses(report);
  for (const fault of report.faults) {
    console.log(`\nFault ${fault.fault}`);
    for (const [key, value] of Object.entries(fault)) {
      if (key !== 'fault' && key !== 'window') line(key, JSON.stringify(value));
    }
  }
  printCampaigns(report);
}

/** The line items' delivery and issue 20's acceptance figures. */
function printCampaigns(report: FleetReport) {
  const campaigns = report.campaigns;
  if (!campaigns) return;
  const a = report.acceptance;
  console.log(`\nCampaigns (${a.campaignsLive} live)`);
  console.log(
    `  ${'line item'.padEnd(44)} ${'goal'.padStart(7)} ${'deliv.'.padStart(7)} ${'÷goal'.padStart(6)} ${'plans'.padStart(6)} ${'max/h'.padStart(6)}  ok`,
  );
  for (const row of campaigns.lineItems) {
    const unit = row.goalKind === 'BUDGET' ? 'p' : '';
    console.log(
      `  ${row.lineItem.padEnd(44)} ${`${row.goal}${unit}`.padStart(7)} ${`${row.delivered}${unit}`.padStart(7)} ${row.deliveredOverGoal
        .toFixed(2)
        .padStart(6)} ${String(row.playsHandedInPlans).padStart(6)} ${`${row.maxPlaysInAScreenHour}${
        row.maxPlaysPerScreenHour ? `/${row.maxPlaysPerScreenHour}` : ''
      }`.padStart(6)}  ${row.withinGoalPlus5Pct ? 'yes' : 'NO'}${row.reachedGoal ? ', at goal' : ''}${
        row.sizedToReachGoal ? '' : ' (paced past the run)'
      }`,
    );
  }
  const line = (label: string, value: unknown) => console.log(`  ${label.padEnd(34)} ${value}`);
  line(
    'campaign plays made / refused',
    `${campaigns.campaignPlaysMade} / ${JSON.stringify(campaigns.campaignPlaysRefusedByReason)}`,
  );
  for (const refusal of campaigns.campaignRefusalsFirst20.slice(0, 5)) {
    console.log(`    refused, ended ${refusal.localTime} local: ${refusal.reason}`);
  }
  line('within goal + 5 % / at goal', `${a.lineItemsWithinGoalPlus5Pct} / ${a.lineItemsAtGoal}`);
  line('at goal, of those sized to reach it', a.lineItemsSizedToReachGoalAtGoal);
  line('ad list p99 ms (all / steady)', `${a.adListP99Ms.all} / ${a.adListP99Ms.steady}`);
  line('playback p99 ms (all / steady)', `${a.playbackP99Ms.all} / ${a.playbackP99Ms.steady}`);
  line(
    'p99 < 100 ms (all / steady)',
    `${a.p99Under100Ms.all ? 'yes' : 'NO'} / ${a.p99Under100Ms.steady ? 'yes' : 'NO'}`,
  );
  for (const finding of campaigns.findings) console.log(`    finding: ${finding}`);
  for (const failure of campaigns.failures) console.log(`    FAIL ${failure}`);
  line('CAMPAIGNS', campaigns.pass ? 'pass' : 'FAIL');
}
