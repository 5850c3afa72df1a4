import { SCREENSHOT_MAX_BYTES } from '@adloop/contract/screen-commands';
import { badRequest, HttpError } from '../../lib/http-error.ts';

const tooLarge = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `A screenshot is limited to ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`);

/** A JPEG starts with the SOI marker and the first segment's marker: FF D8 FF. */
export function isJpeg(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * Reads a screenshot's body, refusing it as soon as it passes the limit (a declared length over
 * it before a byte is read), and refusing anything whose bytes are not a JPEG's, whatever its
 * Content-Type said. An empty body is answered by the route, which names it.
 */
export async function readScreenshotBody(
  payload: AsyncIterable<Buffer | string>,
  contentLength: string | undefined,
): Promise<Buffer> {
  if (contentLength !== undefined && Number(contentLength) > SCREENSHOT_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > SCREENSHOT_MAX_BYTES) throw tooLarge();
    chunks.push(bytes);
  }
  const body = Buffer.concat(chunks);
  if (body.length > 0 && !isJpeg(body)) {
    throw badRequest('The screenshot is not a JPEG image (its first bytes are not FF D8 FF)');
  }
  return body;
}
