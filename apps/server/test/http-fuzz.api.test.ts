import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENCODINGS,
  encoded,
  fuzzedForm,
  fuzzedScreenshot,
  JPEG_HEAD,
  JSON_CONTENT_TYPES,
  malformedForms,
  PNG_HEAD,
} from './helpers/http-fuzz-bodies.ts';
import { badAuthorizations, junkToken, MALFORMED_HTTP, mangledRequest } from './helpers/http-fuzz-requests.ts';
import { type ListeningApp, startListeningApp } from './helpers/listening-app.ts';
import { chunked, filePart, multipartBody, type RawAnswer, rawRequest, sendRaw } from './helpers/raw-http.ts';
import { connectedScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds } from './helpers/test-app.ts';

/**
 * Fuzzes a listening server over real sockets (issue 23), where fuzz.api.test.ts cannot reach
 * through `app.inject`: multipart and binary uploads, Content-Type, Content-Encoding and
 * Authorization variants, and malformed HTTP for Node's parser. What counts as an answer: any
 * status under 500; at the parser level also a connection the server closed without one (Node
 * refuses what it cannot parse with 400 or 431, or closes). A 5xx nobody read counts too: the
 * server's warnings and errors are logged into the test and every status it writes is recorded on
 * its side (decision 073). Repeat a run with FUZZ_SEED=<the printed seed>; FUZZ_HTTP_RUNS sets the
 * runs of each property.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 60);
console.log(`http fuzz seed: ${SEED} (repeat with FUZZ_SEED=${SEED})`);
const runs = (numRuns = RUNS) => ({ seed: SEED, numRuns });

/** How long a raw request waits for its answer before its client stops sending (half-closes). */
const PARSER_PATIENCE_MS = 150;

/** Staff users the uploads take turns as: each may start 60 a minute, and a run sends about 1.5 × RUNS. */
const UPLOADERS = Math.ceil((RUNS * 1.5 + 30) / 50);

describe.each(databaseKinds)('fuzzing over real HTTP on %s', (kind) => {
  let t: ListeningApp;
  let port: number;
  let uploaders: string[];
  let staffToken: string;
  let screenToken: string;
  let turn = 0;
  /** Statuses by route, printed at the end: the fuzz reaches past the parsers when 201s and 409s show. */
  const answered: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    t = await startListeningApp(kind, { uploadLimits: { imageMaxBytes: 32 * 1024, videoMaxBytes: 64 * 1024 } });
    port = t.port;
    uploaders = [];
    for (let n = 0; n < UPLOADERS; n += 1) uploaders.push(await signInAs(t, 'COMPANY_ADMIN'));
    staffToken = uploaders[0]!;
    screenToken = (await connectedScreen(t)).token;
  });

  afterAll(async () => {
    console.log(`http fuzz ${kind} (seed ${SEED}): ${JSON.stringify(answered)}`);
    await t?.close();
  });

  const uploader = () => uploaders[turn++ % uploaders.length]!;

  /** A complete request on its own connection, closed after the answer. */
  async function send(
    method: string,
    url: string,
    headers: Array<[string, string | undefined]>,
    body: Buffer | string = '',
  ) {
    const present = headers.filter((header): header is [string, string] => header[1] !== undefined);
    const framing: Array<[string, string]> = present.some(([name]) => name.toLowerCase() === 'transfer-encoding')
      ? []
      : [['content-length', String(Buffer.byteLength(body))]];
    const answer = await sendRaw(
      port,
      rawRequest(method, url, [['host', 'localhost'], ['connection', 'close'], ...framing, ...present], body),
    );
    const route = `${method} ${url.split('?')[0]}`;
    answered[route] ??= {};
    answered[route][String(answer.status)] = (answered[route][String(answer.status)] ?? 0) + 1;
    return answer;
  }

  /** An answer of the API: under 500, and a 4xx says `{ message, code }`. */
  function expectApiAnswer(answer: RawAnswer, what: string) {
    expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeDefined();
    expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
    if (answer.status! >= 400) {
      const body = JSON.parse(answer.body) as { message?: unknown; code?: unknown };
      expect(typeof body.message, what).toBe('string');
      expect(typeof body.code, what).toBe('string');
    }
  }

  const incoming = async () => readdir(path.join(t.mediaDir, '.incoming')).catch(() => []);

  it('answers each malformed multipart upload with 400 naming the problem, and keeps nothing of it', async () => {
    const stored = async () => (await readdir(t.mediaDir)).filter((name) => !name.startsWith('.'));
    const storedBefore = await stored();
    for (const form of malformedForms()) {
      const answer = await send(
        'POST',
        '/api/ads/media',
        [
          ['authorization', `Bearer ${uploader()}`],
          ['content-type', form.contentType],
        ],
        form.body,
      );
      expect(answer.status, `${form.what}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body), form.what).toMatchObject({
        message: expect.stringMatching(form.says),
        code: 'BAD_REQUEST',
      });
    }
    expect(await stored()).toEqual(storedBefore);
    expect(await incoming()).toEqual([]);
  });

  it('keeps nothing of an upload whose client goes away mid-file, and answers no 5xx for it', async () => {
    const png = filePart(Buffer.concat([PNG_HEAD, Buffer.alloc(16 * 1024, 7)]), { filename: 'a.png' });
    const cutShort: Array<[string, Array<[string, string]>, Buffer]> = [
      [
        '/api/ads/media',
        [
          ['content-type', 'multipart/form-data; boundary=b'],
          ['authorization', `Bearer ${uploader()}`],
        ],
        multipartBody('b', [png]),
      ],
      [
        `/api/screen-auth/screenshots?request_id=${crypto.randomUUID()}`,
        [
          ['content-type', 'image/jpeg'],
          ['authorization', `Bearer ${screenToken}`],
        ],
        Buffer.concat([JPEG_HEAD, Buffer.alloc(16 * 1024, 7)]),
      ],
    ];
    for (const [url, headers, body] of cutShort) {
      const declared: Array<[string, string]> = [
        ['host', 'localhost'],
        ['content-length', String(body.length * 2)],
        ...headers,
      ];
      const answer = await sendRaw(port, rawRequest('POST', url, declared, body), { endAfterMs: 0 });
      expect(answer.timedOut, url).toBe(false);
      if (answer.status !== undefined) expect(answer.status, `${url}: ${answer.body}`).toBeLessThan(500);
    }
    await expect.poll(incoming, { timeout: 5_000 }).toEqual([]);
  });

  it('answers fuzzed multipart uploads under 500, leaving nothing half-written', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzedForm, async (form) => {
        const answer = await send(
          'POST',
          '/api/ads/media',
          [
            ['authorization', `Bearer ${uploader()}`],
            ['content-type', form.contentType],
          ],
          form.body,
        );
        expectApiAnswer(answer, `${form.contentType} ${form.body.length} bytes`);
      }),
      runs(),
    );
    expect(await incoming()).toEqual([]);
  });

  it('answers garbage screenshots under 500', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzedScreenshot, async (shot) => {
        const body = shot.chunked ? chunked(shot.body) : shot.body;
        const answer = await send(
          'POST',
          `/api/screen-auth/screenshots${shot.query}`,
          [
            ['authorization', `Bearer ${screenToken}`],
            ['content-type', shot.contentType],
            ['transfer-encoding', shot.chunked ? 'chunked' : undefined],
          ],
          body,
        );
        expectApiAnswer(answer, `${shot.contentType} ${shot.query} ${shot.body.length} bytes`);
      }),
      runs(),
    );
  });

  /** A route of each kind of body, with the caller it needs and a body it would take. */
  const bodyRoutes = () => [
    { url: '/api/ads', token: staffToken, type: 'application/json', body: Buffer.from('{"title":"Fuzz"}') },
    { url: '/api/playback-logs/log', token: screenToken, type: 'application/json', body: Buffer.from('{"logs":[]}') },
    {
      url: '/api/ads/media',
      token: uploader(),
      type: `multipart/form-data; boundary=b`,
      body: multipartBody('b', [filePart(PNG_HEAD, { filename: 'a.png', type: 'image/png' })]),
    },
    {
      url: `/api/screen-auth/screenshots?request_id=${crypto.randomUUID()}`,
      token: screenToken,
      type: 'image/jpeg',
      body: JPEG_HEAD,
    },
  ];

  it('answers Content-Type variants under 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(3),
        fc.constantFrom(...JSON_CONTENT_TYPES),
        fc.option(fc.constantFrom(...JSON_CONTENT_TYPES), { nil: undefined }),
        async (index, type, repeated) => {
          const route = bodyRoutes()[index]!;
          const answer = await send(
            'POST',
            route.url,
            [
              ['authorization', `Bearer ${route.token}`],
              ['content-type', type],
              ['content-type', repeated],
            ],
            route.body,
          );
          expectApiAnswer(answer, `${route.url} ${type} ${repeated}`);
        },
      ),
      runs(),
    );
  });

  it('refuses an encoded body with 415 naming its coding, whatever it holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(3), fc.constantFrom(...ENCODINGS), fc.boolean(), async (index, encoding, garbage) => {
        const route = bodyRoutes()[index]!;
        const bytes = garbage ? Buffer.from('\u0000\u00ff not what it says \u0001', 'latin1') : route.body;
        const answer = await send(
          'POST',
          route.url,
          [
            ['authorization', `Bearer ${route.token}`],
            ['content-type', route.type],
            ['content-encoding', encoding],
          ],
          encoded(encoding, bytes),
        );
        expectApiAnswer(answer, `${route.url} ${encoding}`);
        expect(answer.status, `${route.url} ${encoding}`).toBe(415);
        expect(JSON.parse(answer.body).message).toContain(`"${encoding.toLowerCase()}"`);
        expect(answer.headers['accept-encoding']).toBe('identity');
      }),
      runs(),
    );
  });

  it('answers every wrong Authorization with 401, on staff and screen routes alike', async () => {
    const [, , media, screenshot] = bodyRoutes();
    const routes = () => [
      { method: 'GET', url: '/api/ads', other: screenToken },
      { method: 'GET', url: '/api/screen-auth/ads', other: staffToken },
      { method: 'POST', ...media!, other: screenToken },
      { method: 'POST', ...screenshot!, other: staffToken },
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat(3), junkToken, fc.nat(), async (index, junk, pick) => {
        const route: { method: string; url: string; other: string; type?: string; body?: Buffer } = routes()[index]!;
        const wrong = [...badAuthorizations(junk), `Bearer ${route.other}`];
        const authorization = wrong[pick % wrong.length];
        const what = `${route.url} ${authorization?.slice(0, 80)}`;
        const answer = await send(
          route.method,
          route.url,
          [
            ['authorization', authorization],
            ['content-type', route.type],
          ],
          route.body,
        );
        expectApiAnswer(answer, what);
        expect(answer.status, what).toBe(401);
      }),
      runs(),
    );
    const huge = await send('GET', '/api/ads', [['authorization', `Bearer ${'x'.repeat(20_000)}`]]);
    expect(huge.status, 'an Authorization over the header limit').toBe(431);
  });

  it('refuses malformed HTTP in the parser or the server, never with a 5xx', async () => {
    const statuses: Record<string, number> = {};
    const expectParserAnswer = async (bytes: Buffer | string, what: string) => {
      const answer = await sendRaw(port, bytes, { endAfterMs: PARSER_PATIENCE_MS });
      expect(answer.timedOut, `${what}: no answer, connection left open`).toBe(false);
      // Node's parser may close the connection instead of answering: that counts as a refusal.
      if (answer.status !== undefined) expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      const seen = answer.status === undefined ? 'closed' : String(answer.status);
      statuses[seen] = (statuses[seen] ?? 0) + 1;
    };
    for (const [what, bytes] of MALFORMED_HTTP) await expectParserAnswer(bytes, what);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(mangledRequest, fc.uint8Array({ minLength: 1, maxLength: 256 }).map(Buffer.from)),
        (bytes) => expectParserAnswer(bytes, JSON.stringify(bytes.toString('latin1')).slice(0, 300)),
      ),
      runs(RUNS * 2),
    );
    console.log(`http fuzz ${kind} parser: ${JSON.stringify(statuses)} (seed ${SEED})`);
  });

  it('wrote no 5xx and logged no error, even for a client already gone', () => {
    expect(t.problems).toEqual([]);
    expect(t.written.filter((line) => line.startsWith('5'))).toEqual([]);
    expect(t.written.length, 'statuses recorded').toBeGreaterThan(0);
  });
});
