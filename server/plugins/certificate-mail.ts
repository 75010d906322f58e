import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CertificateDeps, sendOwedCertificates } from '../services/certificates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    certificates: {
      deps: CertificateDeps;
      /** Sends the automatic certificate e-mails owed, after the learner's call that earned them. */
      kick(): void;
      /** Resolves when no run is going (tests, shutdown). */
      idle(): Promise<void>;
    };
  }
}

const RETRY_MS = 10 * 60 * 1000;

/**
 * The automatic certificate e-mails (issue 10): issued rows are the queue
 * (services/certificates.ts); a run starts after each learner write that may have issued one, at
 * start (mails owed before a restart) and every 10 minutes (retries after a mail server failure).
 */
export const certificateMailPlugin = fp(async (app: FastifyInstance) => {
  const deps: CertificateDeps = {
    db: app.db,
    fileStore: app.fileStore,
    publicUrl: app.config.publicUrl,
    deliver: (mail) => app.mailer.deliver(mail),
    now: () => app.now(),
  };
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = sendOwedCertificates(deps, (err) => app.log.error({ err }, 'certificate e-mail failed'))
      .catch((err) => app.log.error({ err }, 'certificate e-mails could not be sent'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  app.decorate('certificates', {
    deps,
    kick: run,
    async idle() {
      while (running) await running;
    },
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, RETRY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    while (running) await running;
  });
});
