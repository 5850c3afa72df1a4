// One simulated screen, doing what the kiosk player does (apps/web/src/features/display): sign in,
// hold the event stream, fetch its list with ETag, heartbeat, and send its queued plays until the
// server acknowledges them; with campaigns, play live and keep to the plans as the player does.
import { randomUUID } from 'node:crypto';
import { MAX_PLAYBACK_BATCH } from '@adloop/contract/constants';
import type { PlaybackLogEntry, ScreenAd, ScreenSession } from '@adloop/contract/screen';
import { adsChangedDelayMs } from '@adloop/contract/screen-events';
import type { HttpClient, Reply, RequestOptions } from './http.ts';
import type { EditProgress, EditTracker, Ledger } from './ledger.ts';
import { durationMs, LiveLoop, VIDEO_MS } from './live-loop.ts';
import type { Metrics } from './metrics.ts';
import { PASSCODE, type SeededScreen } from './seed.ts';

/** The player's limits (play-sender.ts, screen-events.ts, use-screen-events.ts). */
const MAX_RETRY_MS = 60_000;
const MAX_RECONNECT_MS = 30_000;
const SILENCE_LIMIT_MS = 60_000;
const FIRST_LOAD_RETRY_MS = 10_000;
/**
 * After this many answers in a row that were no answer (refused, reset, timed out) or a 503, a
 * screen moves to the next API process, as a load balancer takes a failing backend out
 * (decision 099).
 */
const FAILOVER_AFTER = 2;
/** …and after this long away it tries its home again (its stream stays where it is until it drops). */
const RETURN_HOME_AFTER_MS = 30_000;
/** Outlets are in Asia/Kolkata: UTC+05:30 all year. */
const OUTLET_OFFSET_MS = 330 * 60_000;

export interface ScreenContext {
  http: HttpClient;
  metrics: Metrics;
  ledger: Ledger;
  edits: EditTracker;
  editedAdId: string;
  batchIntervalMs: number;
  pollIntervalMs: number;
  heartbeatIntervalMs: number;
  /** Every campaign's creative; with any, screens play live besides their backlog (README "Fleet"). */
  campaignAdIds: ReadonlySet<string>;
  /** Limits sign-ins in flight: each costs the server an argon2 hash. */
  signInSlot<T>(work: () => Promise<T>): Promise<T>;
  /** How many API processes there are to move between (1: none to move to). */
  processes: number;
}

interface QueuedPlay {
  entry: PlaybackLogEntry;
  sent: boolean;
}

const jitter = (ms: number) => ms * (0.8 + Math.random() * 0.4);

export class SimulatedScreen implements EditProgress {
  streamSeen = 0;
  listSeen = 0;
  seen = 0;
  token: string | undefined;
  private session: ScreenSession | undefined;
  private list: ScreenAd[] = [];
  private etag: string | undefined;
  private firstList = true;
  /** Plays not yet acknowledged, oldest first. */
  queue: QueuedPlay[] = [];
  /** Where this screen's backlog stands: the end of its last play from history (ms since epoch). */
  private clock: number;
  /** With campaigns, its live play from its first list on; its backlog stops where it began. */
  private live: LiveLoop | undefined;
  private sending = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stream: { close(): void } | undefined;
  private streamOpened = false;
  private lastFrameAt = 0;
  private reconnectDelay = 1_000;
  private fetching = false;
  private fetchAgain = false;
  private signingIn: Promise<void> | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** No new plays (the run is over); queued ones are still sent. */
  producing = true;
  private closed = false;
  /** The API process it talks to now: its home until that one fails it. */
  via: number;
  private failuresInARow = 0;
  private movedAt = 0;

  constructor(
    private readonly seeded: SeededScreen,
    private readonly context: ScreenContext,
    historyStartMs: number,
    readonly home = 0,
  ) {
    this.clock = historyStartMs + 60_000 + Math.random() * 60_000;
    this.via = home;
  }

  /** Every request goes to the process it talks to now; what comes back may move it. */
  private async request(options: RequestOptions): Promise<Reply> {
    this.maybeGoHome();
    const process = this.via;
    const reply = await this.context.http.request({ ...options, process });
    if (reply.ok && reply.status === 503) {
      const retryAfter = reply.headers['retry-after'] !== undefined;
      this.context.ledger.unavailable.push({ t: this.context.metrics.now(), process, retryAfter });
    }
    this.answered(process, !reply.ok || reply.status === 503);
    return reply;
  }

  /** Counts failures in a row at `process`; enough of them move the screen to the next one. */
  private answered(process: number, failed: boolean) {
    if (process !== this.via) return;
    if (!failed) {
      this.failuresInARow = 0;
      return;
    }
    this.failuresInARow += 1;
    if (this.failuresInARow < FAILOVER_AFTER || this.context.processes < 2) return;
    this.failuresInARow = 0;
    this.via = (this.via + 1) % this.context.processes;
    this.movedAt = performance.now();
    this.context.ledger.moves.push({ t: this.context.metrics.now(), from: process, to: this.via });
  }

  /** Away from home long enough, it tries home again: a balancer puts a backend back once its checks pass. */
  private maybeGoHome() {
    if (this.via === this.home || performance.now() - this.movedAt < RETURN_HOME_AFTER_MS) return;
    this.via = this.home;
    this.failuresInARow = 0;
    this.context.ledger.returnsHome += 1;
  }

  /** Signs in, says it is online, loads its list and opens its stream; then its loops run on timers. */
  async start() {
    await this.signIn();
    await this.postActivity('online');
    await this.fetchList();
    await this.connectStream();
    this.every(this.context.batchIntervalMs, () => this.playAndSend());
    this.every(this.context.pollIntervalMs, () => this.fetchList());
    this.every(this.context.heartbeatIntervalMs, () => this.postActivity('heartbeat'));
  }

  /** Runs `task` every `ms` (jittered), first at a random point of the first period, so screens spread out. */
  private every(ms: number, task: () => Promise<void>) {
    const schedule = (delay: number) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.closed) return;
        void task().finally(() => schedule(jitter(ms)));
      }, delay);
      this.timers.add(timer);
    };
    schedule(Math.random() * ms);
  }

  private after(ms: number, task: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) task();
    }, ms);
    this.timers.add(timer);
  }

  /** Signs in (again), one attempt at a time, retrying with backoff until it works or the screen closes. */
  private signIn(): Promise<void> {
    this.signingIn ??= (async () => {
      for (let attempt = 0; !this.closed; attempt += 1) {
        const reply = await this.context.signInSlot(() =>
          this.request({
            route: 'POST /api/screen-auth/authenticate',
            method: 'POST',
            path: '/api/screen-auth/authenticate',
            body: { screen_code: this.seeded.code, pass_code: PASSCODE },
          }),
        );
        if (reply.ok && reply.status === 200) {
          this.session = (JSON.parse(reply.body) as { data: ScreenSession }).data;
          this.token = this.session.access_token;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.retryDelay(reply, attempt)));
      }
    })().finally(() => {
      this.signingIn = undefined;
    });
    return this.signingIn;
  }

  private async reauthenticate() {
    this.context.ledger.reauthentications += 1;
    this.token = undefined;
    await this.signIn();
  }

  /** Retry-After (with up to half again as jitter) when the server gave one, else the player's backoff. */
  private retryDelay(reply: Reply, attempt: number): number {
    const retryAfter = reply.ok ? Number(reply.headers['retry-after']) : Number.NaN;
    if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000 * (1 + Math.random() / 2);
    const ceiling = Math.min(MAX_RETRY_MS, 1_000 * 2 ** attempt);
    return ceiling / 2 + (Math.random() * ceiling) / 2;
  }

  private async postActivity(kind: 'online' | 'heartbeat') {
    if (!this.session || !this.token) return;
    const now = Date.now();
    const local = new Date(now + OUTLET_OFFSET_MS).toISOString();
    const reply = await this.request({
      route: `POST /api/screen-activity/${kind}`,
      method: 'POST',
      path: `/api/screen-activity/${kind}`,
      token: this.token,
      body: {
        screen_id: this.session.screen_id,
        outlet_id: this.session.outlet.id,
        activity_date: local.slice(0, 10),
        activity_time: local.slice(11, 19),
        occurred_at: new Date(now).toISOString(),
        additional_info: { screen_code: this.session.screen_code, outlet_code: this.session.outlet.outlet_code },
      },
    });
    if (reply.ok && reply.status === 401) await this.reauthenticate();
  }

  /** Loads the list with If-None-Match; a second call during a fetch asks for one more after it. */
  private async fetchList(): Promise<void> {
    if (this.fetching) {
      this.fetchAgain = true;
      return;
    }
    if (!this.token) return;
    this.fetching = true;
    try {
      const reply = await this.request({
        route: 'GET /api/screen-auth/ads',
        method: 'GET',
        path: '/api/screen-auth/ads',
        token: this.token,
        headers: this.etag ? { 'if-none-match': this.etag } : {},
      });
      if (reply.ok && reply.status === 200) this.listArrived(reply);
      else if (reply.ok && reply.status === 401) {
        await this.reauthenticate();
        this.fetchAgain = true;
      } else if (reply.ok && reply.headers['retry-after'] !== undefined) {
        // As the player's Retry-After gate: the one request after the wait the server asked for.
        this.after(this.retryDelay(reply, 0), () => void this.fetchList());
      } else if (this.list.length === 0) this.after(FIRST_LOAD_RETRY_MS, () => void this.fetchList());
    } finally {
      this.fetching = false;
    }
    if (this.fetchAgain && !this.closed) {
      this.fetchAgain = false;
      await this.fetchList();
    }
  }

  private listArrived(reply: Extract<Reply, { ok: true }>) {
    // What played up to now played from the list it held.
    if (this.producing) this.playLive(Date.now());
    this.list = (JSON.parse(reply.body) as { data: ScreenAd[] }).data;
    this.etag = typeof reply.headers.etag === 'string' ? reply.headers.etag : undefined;
    const edited = this.list.find((ad) => ad.id === this.context.editedAdId);
    const shown = Number(/edit (\d+)$/.exec(edited?.title ?? '')?.[1] ?? 0);
    this.context.edits.listShowed(this, shown, this.context.metrics.now());
    if (this.firstList) {
      this.firstList = false;
      if (!this.listAsSeeded()) this.context.ledger.listMismatches += 1;
      if (this.context.campaignAdIds.size > 0) this.live = new LiveLoop(Date.now());
    }
  }

  /**
   * The first list is the seed's: exactly its ads outside campaigns, plus campaign creatives aimed
   * at its outlet, each only with a plan (decision 084: a live creative without one is on no list).
   */
  private listAsSeeded(): boolean {
    const campaigns = this.context.campaignAdIds;
    const own = this.list
      .filter((ad) => !campaigns.has(ad.id))
      .map((ad) => ad.id)
      .sort();
    const creatives = this.list.filter((ad) => campaigns.has(ad.id));
    return (
      own.join() === this.seeded.expectedAdIds.join() &&
      creatives.every((ad) => this.seeded.campaignAdIds.includes(ad.id) && (ad.plan?.hours.length ?? 0) > 0)
    );
  }

  /** Opens the event stream; reconnects like the player (1 s doubling to 30 s) whenever it ends. */
  private async connectStream(): Promise<void> {
    if (this.closed || !this.token) return;
    const process = this.via;
    const result = await this.context.http.openStream(
      'GET /api/screen-auth/events',
      this.token,
      (event, data) => this.frame(event, data),
      () => this.streamEnded(),
      process,
    );
    this.answered(process, !result.ok && (result.outcome === '503' || !/^\d+$/.test(result.outcome)));
    if (!result.ok) {
      if (result.outcome === '401') await this.reauthenticate();
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      result.close();
      return;
    }
    this.stream = result;
    this.lastFrameAt = performance.now();
    this.reconnectDelay = 1_000;
    // A stream that was down may have missed an ads-changed: ask for the list again.
    if (this.streamOpened) void this.fetchList();
    this.streamOpened = true;
  }

  private scheduleReconnect() {
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, MAX_RECONNECT_MS);
    this.after(delay, () => void this.connectStream());
  }

  private frame(event: string, data: string) {
    this.lastFrameAt = performance.now();
    if (event !== 'ads-changed') return;
    if (data.includes('"ad_ids":[]')) this.context.ledger.reloadNotices += 1;
    this.context.edits.streamFrame(this, this.context.metrics.now());
    // As the player (use-screen-events.ts): a reload already due covers this change too.
    if (this.debounce !== undefined) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      if (!this.closed) void this.fetchList();
    }, adsChangedDelayMs(data));
  }

  private streamEnded() {
    if (this.stream === undefined || this.closed) return;
    this.stream = undefined;
    this.context.ledger.streamDrops += 1;
    this.scheduleReconnect();
  }

  /** The player drops a stream silent for a minute (keepalives come every 25 s). */
  checkSilence(now: number) {
    if (this.stream && now - this.lastFrameAt > SILENCE_LIMIT_MS) this.stream.close();
  }

  /**
   * Queues the 10–100 plays this screen has finished since its last turn (those it played live
   * first, the rest from its backlog), then sends its queue.
   */
  private async playAndSend() {
    if (this.producing && this.list.length > 0 && this.session) {
      const wanted = 10 + Math.floor(Math.random() * 91);
      const live = this.playLive(Date.now() - 1_000);
      this.replayBacklog(wanted - live);
    }
    await this.send();
  }

  /** Up to `count` plays of its history, in order, never reaching the time it began to play live. */
  private replayBacklog(count: number) {
    const finishedBy = Math.min(Date.now() - 1_000, this.live?.from ?? Number.POSITIVE_INFINITY);
    // Its history was played from the seeded list, which held no campaign creative.
    const ads = this.list.filter((ad) => !this.context.campaignAdIds.has(ad.id));
    for (let played = 0; played < count && ads.length > 0; played += 1) {
      const ad = ads[Math.floor(Math.random() * ads.length)]!;
      const ms = durationMs(ad);
      if (this.clock + ms > finishedBy) break;
      // The player stamps a play when it ends (decision 036); the next starts then, plus the switch.
      this.clock += ms;
      this.queue.push({ entry: this.play(ad, this.clock), sent: false });
      this.context.ledger.generated += 1;
      this.clock += Math.random() * 200;
    }
  }

  /** Plays live up to `until` (with campaigns, from its first list on); answers the plays queued. */
  private playLive(until: number): number {
    if (!this.live || !this.session) return 0;
    return this.live.playUntil(this.list, until, (ad, endedAt) => {
      this.queue.push({ entry: this.play(ad, endedAt), sent: false });
      this.context.ledger.generated += 1;
      if (ad.plan) this.context.ledger.campaignPlaysMade += 1;
    });
  }

  private play(ad: ScreenAd, endedAt: number): PlaybackLogEntry {
    const session = this.session!;
    const local = new Date(endedAt + OUTLET_OFFSET_MS).toISOString();
    return {
      id: randomUUID(),
      ad_id: ad.id,
      screen_id: session.screen_id,
      company_id: ad.company_id,
      outlet_id: session.outlet.id,
      play_date: local.slice(0, 10),
      play_time: local.slice(11, 19),
      play_count: 1,
      played_at: new Date(endedAt).toISOString(),
      additional_info: {
        ad_title: ad.title,
        ad_duration: ad.duration_seconds ?? VIDEO_MS / 1000,
        ad_company_name: ad.company.name,
        screen_code: session.screen_code,
        outlet_code: session.outlet.outlet_code,
        ad_version: ad.version,
      },
    };
  }

  /** Sends the queue oldest first, in batches of at most 500, until it is empty or a batch must wait. */
  async send(): Promise<void> {
    if (this.sending || this.retryTimer || this.closed) return;
    this.sending = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        if (!this.token) await this.signIn();
        const batch = this.queue.slice(0, MAX_PLAYBACK_BATCH);
        const retryIn = await this.sendBatch(batch);
        if (retryIn === undefined) {
          this.attempt = 0;
          continue;
        }
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          void this.send();
        }, retryIn);
        this.attempt += 1;
        return;
      }
    } finally {
      this.sending = false;
    }
  }

  /** Sends one batch; undefined when the queue may go on, else the delay before trying again. */
  private async sendBatch(batch: QueuedPlay[]): Promise<number | undefined> {
    for (const play of batch) play.sent = true;
    const reply = await this.request({
      route: 'POST /api/playback-logs/log',
      method: 'POST',
      path: '/api/playback-logs/log',
      token: this.token,
      // sent_at: the screen's clock at sending, by which the server reads the plays (decision 036).
      body: { logs: batch.map((play) => play.entry), sent_at: new Date().toISOString() },
    });
    if (!reply.ok) return this.retryDelay(reply, this.attempt);
    if (reply.status === 200) {
      const { data } = JSON.parse(reply.body) as {
        data: { stored: string[]; duplicates: string[]; refused?: { id: string; reason: string }[] };
      };
      const refused = data.refused ?? [];
      this.context.ledger.acknowledge(data.stored, data.duplicates);
      const sent = new Map(batch.map((play) => [play.entry.id, play.entry]));
      this.context.ledger.refuse(refused, (id) => {
        const entry = sent.get(id);
        return entry && this.context.campaignAdIds.has(entry.ad_id) ? entry : undefined;
      });
      const answered = new Set([...data.stored, ...data.duplicates, ...refused.map((play) => play.id)]);
      this.queue = this.queue.filter((play) => !answered.has(play.entry.id));
      this.context.ledger.batchesAcknowledged += 1;
      if (batch.every((play) => answered.has(play.entry.id))) return undefined;
      this.context.ledger.batchesPartlyAnswered += 1;
      return this.retryDelay(reply, this.attempt);
    }
    if (reply.status === 401) {
      await this.reauthenticate();
      return undefined;
    }
    if (reply.status === 400 || reply.status === 403 || reply.status === 413) {
      // As the player does: a batch refused as invalid is dropped so it cannot block the queue.
      const ids = new Set(batch.map((play) => play.entry.id));
      this.queue = this.queue.filter((play) => !ids.has(play.entry.id));
      this.context.ledger.drop(batch.length, String(reply.status));
      return undefined;
    }
    return this.retryDelay(reply, this.attempt);
  }

  get idle(): boolean {
    return this.queue.length === 0 && !this.sending;
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearTimeout(this.retryTimer);
    clearTimeout(this.debounce);
    const stream = this.stream;
    this.stream = undefined;
    stream?.close();
  }
}
