import { connect } from 'node:net';

/** The first answer on a raw connection: its status, or none when the server closed it without one. */
export interface RawAnswer {
  status?: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (after its answer, or instead of one). */
  closed: boolean;
  /** Nothing came back, and the connection was still open, within the wait. */
  timedOut: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** Parses the first HTTP/1.1 answer in `bytes`; undefined until it has all arrived. */
function firstAnswer(bytes: Buffer, closed: boolean): Omit<RawAnswer, 'closed' | 'timedOut'> | undefined {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  let body = bytes.subarray(headEnd + HEAD_END.length);
  // An interim answer (100 Continue) comes before the one that counts.
  if (status >= 100 && status < 200) return firstAnswer(body, closed);
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (body.length < length) return undefined;
    body = body.subarray(0, length);
  } else if (headers['transfer-encoding']?.includes('chunked')) {
    if (!closed && body.indexOf('0\r\n\r\n') < 0) return undefined;
  } else if (!closed) {
    return undefined;
  }
  return { status: Number.isFinite(status) ? status : undefined, headers, body: body.toString('utf8') };
}

/**
 * Writes `bytes` on a new TCP connection to 127.0.0.1:`port` and reads the first answer, as a
 * careless or hostile client would see it: no HTTP library between the test and the server's
 * parser. With `endAfterMs` the client half-closes the connection when no answer came that long
 * after writing (0: at once), as a client that sent less than it said and stopped: the server
 * then sees the end of its input, where it would otherwise wait for the rest.
 */
export function sendRaw(
  port: number,
  bytes: Buffer | string,
  options: { waitMs?: number; endAfterMs?: number } = {},
): Promise<RawAnswer> {
  const { waitMs = 10_000, endAfterMs } = options;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (closed: boolean, timedOut: boolean) => {
      if (settled) return;
      const received = Buffer.concat(chunks);
      const answer = firstAnswer(received, true);
      settled = true;
      clearTimeout(timer);
      clearTimeout(ending);
      socket.destroy();
      resolve({ ...(answer ?? { headers: {}, body: received.toString('latin1') }), closed, timedOut });
    };
    const timer = setTimeout(() => settle(false, chunks.length === 0), waitMs);
    let ending: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (firstAnswer(Buffer.concat(chunks), false)) settle(false, false);
    });
    socket.on('error', () => settle(true, false));
    socket.on('close', () => settle(true, false));
    socket.on('connect', () => {
      // A server that closes while we still write (a refused oversize head) raises EPIPE: that is its answer.
      socket.write(bytes, () => {
        if (endAfterMs !== undefined) ending = setTimeout(() => socket.end(), endAfterMs);
      });
    });
  });
}

/** A request as raw bytes: the request line, the headers as given (repeats kept), and the body. */
export function rawRequest(
  method: string,
  target: string,
  headers: Array<[string, string]>,
  body: Buffer | string = '',
): Buffer {
  const head = [`${method} ${target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)]);
}

/** One part of a multipart body: its raw header lines and its bytes. */
export interface MultipartPart {
  headers: string[];
  body: Buffer;
}

/** A file part named `field`; without `filename` it is a plain field, as a form without a file sends. */
export function filePart(body: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const { field = 'file', filename, type = 'application/octet-stream' } = options;
  const disposition = `Content-Disposition: form-data; name="${field}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  return { headers: [disposition, `Content-Type: ${type}`], body } satisfies MultipartPart;
}

/** A multipart/form-data body of the parts, delimited by `boundary`, closed unless `close` is false. */
export function multipartBody(boundary: string, parts: MultipartPart[], close = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from(`--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n`, 'latin1'), part.body);
    pieces.push(Buffer.from('\r\n'));
  }
  if (close) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** The bytes as one chunk of a chunked body, then the last, empty chunk. */
export function chunked(bytes: Buffer): Buffer {
  const last = Buffer.from('0\r\n\r\n');
  if (bytes.length === 0) return last;
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n'), last]);
}
