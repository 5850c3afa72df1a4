import nodemailer from 'nodemailer';

/** One e-mail to one person. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail through the server's SMTP server (`SMTP_URL`); the server has none without it. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A sender named `name` at the address of `from`: "AdLoop alerts <alerts@x.in>" → "AdLoop <alerts@x.in>". */
export function senderNamed(name: string, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return `${name} <${address}>`;
}

/**
 * A mailer over SMTP through nodemailer, with the alerts' timeouts (decision 052): a mail server
 * that does not answer fails the send within seconds instead of holding the request.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
