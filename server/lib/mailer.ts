import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};
export type Mailer = {
  /** Queues a message and returns at once, so the answer time never tells whether a mail went out. */
  send(mail: Mail): void;
  /** Delivers a message and resolves once the mail server (or the .eml folder) took it; rejects otherwise. */
  deliver(mail: Mail): Promise<void>;
  /** Resolves when every queued message was delivered or failed (tests, shutdown). */
  flush(): Promise<void>;
};

type Options = { smtpUrl?: string; mailDir: string; from: string; log: FastifyBaseLogger };

/** SMTP when SMTP_URL is set, otherwise one .eml file per message under `mailDir`. */
export function createMailer({ smtpUrl, mailDir, from, log }: Options): Mailer {
  const pending = new Set<Promise<void>>();
  let transport: Promise<(mail: Mail) => Promise<void>> | undefined;

  const load = async () => {
    const { default: nodemailer } = await import('nodemailer');
    if (smtpUrl) {
      const smtp = nodemailer.createTransport(smtpUrl);
      return async (mail: Mail) => {
        await smtp.sendMail({ from, ...mail });
      };
    }
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return async (mail: Mail) => {
      const info = await stream.sendMail({ from, ...mail });
      await mkdir(mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(mailDir, name), info.message as Buffer);
    };
  };

  return {
    send(mail) {
      transport ??= load();
      const job = transport
        .then((deliver) => deliver(mail))
        .catch((err) => log.error({ err, subject: mail.subject }, 'e-mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    deliver(mail) {
      transport ??= load();
      const job = transport.then((deliver) => deliver(mail));
      const tracked = job.then(
        () => {},
        () => {},
      );
      pending.add(tracked);
      void tracked.finally(() => pending.delete(tracked));
      return job;
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
