import fc from 'fast-check';

/** Authorization values no route may take: missing, empty, the wrong scheme, junk, forged or oversize tokens. */
export function badAuthorizations(junk: string): Array<string | undefined> {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: "'; drop table users; --", sid: 'x', aud: 'staff', iss: 'adloop', exp: 9e9 })}.${junk}`;
  return [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${junk}`,
    `Bearer ${junk} ${junk}`,
    `Basic ${Buffer.from(`admin:${junk}`).toString('base64')}`,
    `Token ${junk}`,
    `${junk}`,
    `Bearer ${b64({ alg: 'none' })}.${b64({ sub: 'x', aud: 'staff' })}.`,
    `Bearer ${forged}`,
    `Bearer ${'x'.repeat(8_000)}`,
  ];
}

/** Header values made of visible ASCII, as a careless client's junk token is. */
export const junkToken = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 300,
});

const HEAD = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n';
// A staff route reads its body before it asks who is calling: the body reaches the parser, no sign-in is counted.
const POST_HEAD = 'POST /api/ads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';

/** Requests Node's HTTP parser, or the server right behind it, must refuse without a 5xx. */
export const MALFORMED_HTTP: Array<[what: string, bytes: string]> = [
  ['a request line of garbage', 'GARBAGE\r\n\r\n'],
  ['an unknown method', 'BREW /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['an unknown HTTP version', 'GET /api/health HTTP/9.9\r\nHost: localhost\r\n\r\n'],
  ['no HTTP version', 'GET /api/health\r\n\r\n'],
  ['HTTP/1.0 without Host', 'GET /api/health HTTP/1.0\r\n\r\n'],
  ['HTTP/1.1 without Host', 'GET /api/health HTTP/1.1\r\n\r\n'],
  ['two Host headers', `${HEAD}Host: elsewhere\r\n\r\n`],
  ['bare LF line ends', 'GET /api/health HTTP/1.1\nHost: localhost\n\n'],
  ['a header without a colon', `${HEAD}X-Broken\r\n\r\n`],
  ['a space before the colon', `${HEAD}X-Broken : yes\r\n\r\n`],
  ['a space in a header name', `${HEAD}X Broken: yes\r\n\r\n`],
  ['a NUL in a header value', `${HEAD}X-Broken: a\u0000b\r\n\r\n`],
  ['a folded header line', `${HEAD}X-Broken: a\r\n  folded\r\n\r\n`],
  ['an oversize header', `${HEAD}X-Padding: ${'p'.repeat(20_000)}\r\n\r\n`],
  ['3,000 headers', `${HEAD}${'X-Many: y\r\n'.repeat(3_000)}\r\n`],
  ['an oversize target', `GET /api/health?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
  ['a malformed percent-encoding', 'GET /api/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['an absolute-form target', 'GET http://elsewhere.example/api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['a target without a slash', 'GET api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['an asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ['CONNECT', 'CONNECT localhost:80 HTTP/1.1\r\nHost: localhost:80\r\n\r\n'],
  ['an upgrade nobody serves', `${HEAD}Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n`],
  ['an expectation nobody meets', `${POST_HEAD}Expect: teapot\r\nContent-Length: 2\r\n\r\n{}`],
  ['Expect: 100-continue', `${POST_HEAD}Expect: 100-continue\r\nContent-Length: 2\r\n\r\n{}`],
  [
    'Content-Length and Transfer-Encoding',
    `${POST_HEAD}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  ],
  ['two different Content-Lengths', `${POST_HEAD}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}x`],
  ['a negative Content-Length', `${POST_HEAD}Content-Length: -2\r\n\r\n{}`],
  ['a Content-Length of letters', `${POST_HEAD}Content-Length: two\r\n\r\n{}`],
  ['a Content-Length past 2^64', `${POST_HEAD}Content-Length: 99999999999999999999999\r\n\r\n{}`],
  ['a Content-Length longer than the body', `${POST_HEAD}Content-Length: 100\r\n\r\n{}`],
  ['Transfer-Encoding: gzip', `${POST_HEAD}Transfer-Encoding: gzip\r\n\r\n{}`],
  [
    'Transfer-Encoding: chunked, then identity',
    `${POST_HEAD}Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  ],
  ['a chunk size that is not hex', `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
  ['a chunk longer than its size', `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n`],
  ['a huge chunk size', `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n{}\r\n0\r\n\r\n`],
  ['chunks without the last one', `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n`],
  [
    'a chunk extension of junk',
    `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\n2;${'e'.repeat(5_000)}\r\n{}\r\n0\r\n\r\n`,
  ],
  ['a body on a GET', `GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello`],
  ['two pipelined requests, the second broken', `${HEAD}\r\nGET / HTTP/1.1\r\nX\r\n\r\n`],
];

/** A valid request with bytes spliced in anywhere, or cut short: what reaches the parser from a broken client. */
export const mangledRequest = fc
  .record({
    at: fc.nat(),
    bytes: fc.uint8Array({ maxLength: 64 }),
    cut: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ at, bytes, cut }) => {
    const body = '{"title":"A mangled ad","type":"IMAGE"}';
    const request = Buffer.from(`${POST_HEAD}Content-Length: ${body.length}\r\n\r\n${body}`);
    const where = at % (request.length + 1);
    const mangled = Buffer.concat([request.subarray(0, where), Buffer.from(bytes), request.subarray(where)]);
    return cut === undefined ? mangled : mangled.subarray(0, cut % (mangled.length + 1));
  });
