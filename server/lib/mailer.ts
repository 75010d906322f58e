import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Overrides the server's sender (a company's sender name on its notifications). */
  from?: string;
  replyTo?: string;
  /** A fixed Message-ID: a job's own id, so a receiver can tell a repeat from a new message. */
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};
export type Mailer = {
  /** Queues a message and returns at once, so the answer time never tells whether a mail went out. */
  send(mail: Mail): void;
  /** Sends one message and resolves when the server accepted it; rejects with the server's error. */
  deliver(mail: Mail): Promise<void>;
  /** Resolves when every queued message was delivered or failed (tests, shutdown). */
  flush(): Promise<void>;
  /** Flushes, then closes pooled SMTP connections. */
  close(): Promise<void>;
  /** The server's sender address (MAIL_FROM), for a company-named sender on the same address. */
  from: string;
};

type Options = { smtpUrl?: string; mailDir: string; from: string; log: FastifyBaseLogger };

/** SMTP when SMTP_URL is set (a pool of 10 connections), otherwise one .eml file per message under `mailDir`. */
export function createMailer({ smtpUrl, mailDir, from, log }: Options): Mailer {
  const pending = new Set<Promise<void>>();
  let transport: Promise<{ deliver: (mail: Mail) => Promise<void>; close: () => void }> | undefined;

  const load = async () => {
    const { default: nodemailer } = await import('nodemailer');
    if (smtpUrl) {
      const smtp = nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 10,
        maxMessages: 1000,
      });
      return {
        deliver: async (mail: Mail) => {
          await smtp.sendMail({ from, ...mail });
        },
        close: () => smtp.close(),
      };
    }
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      deliver: async (mail: Mail) => {
        const info = await stream.sendMail({ from, ...mail });
        await mkdir(mailDir, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        await writeFile(join(mailDir, name), info.message as Buffer);
      },
      close: () => {},
    };
  };
  const deliver = (mail: Mail) => {
    transport ??= load();
    const job = transport.then((t) => t.deliver(mail));
    // flush() also waits for deliveries a caller awaits itself (a certificate's e-mail).
    const tracked = job.then(
      () => {},
      () => {},
    );
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
    return job;
  };

  const flush = async () => {
    await Promise.all([...pending]);
  };
  return {
    from,
    send(mail) {
      const job = deliver(mail)
        .catch((err) => log.error({ err, subject: mail.subject }, 'e-mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    deliver,
    flush,
    async close() {
      await flush();
      if (transport) (await transport).close();
    },
  };
}
