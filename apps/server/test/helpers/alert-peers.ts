import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SIGNATURE_HEADER, signBody } from '../../src/modules/alerts/alert-delivery.ts';

/** The secret the server's own alert webhook signs with in tests. */
export const WEBHOOK_SECRET = 'alert-webhook-secret-for-tests';

export interface ReceivedMail {
  rcptTo: string[];
  raw: string;
  subject: string;
}

/** A real SMTP peer: every message it accepts, with its envelope. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const headers = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
        mails.push({
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(headers)?.[1] ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface ReceivedHook {
  body: { id: string; kind: string; scope: string; outlet_id: string; screens: { id: string }[] } & Record<
    string,
    unknown
  >;
  signatureValid: boolean;
}

/** A webhook receiver that checks each signature; `failNext` answers 500 to that many posts of `failOutlet`. */
export async function startWebhookReceiver() {
  const hooks: ReceivedHook[] = [];
  const state = { failNext: 0, failOutlet: '' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (state.failNext > 0 && JSON.parse(body).outlet_id === state.failOutlet) {
        state.failNext -= 1;
        response.writeHead(500).end();
        return;
      }
      hooks.push({
        body: JSON.parse(body),
        signatureValid: request.headers[SIGNATURE_HEADER.toLowerCase()] === signBody(body, WEBHOOK_SECRET),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/adloop`,
    hooks,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
