import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSecretBox, type SecretBox } from '../lib/secret-box.ts';
import { loadVapid, type Vapid } from '../services/channels/push.ts';
import { drainQueue } from '../services/delivery-worker.ts';
import { expandDueSends } from '../services/notification-sends.ts';
import { runReminders } from '../services/reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notify: {
      box: SecretBox;
      vapid: Vapid;
      /** Runs due scheduled sends and queued deliveries now (after a send, and in tests). */
      drain: () => Promise<number>;
      /** Starts a drain without waiting for it. */
      kick: () => void;
      reminders: () => Promise<number>;
    };
  }
}

const POLL_MS = 5_000;
const HOUR = 3_600_000;

/**
 * The delivery worker and the reminder scheduler, in every API process: the queue's claims keep
 * processes from running a job twice (services/delivery-queue.ts). Drains run one at a time in a
 * process; a drain asked for while one runs follows it.
 */
export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  const box = await loadSecretBox({ secret: app.config.settingsSecret, dataDir: app.config.dataDir });
  const address = /<([^>]+)>/.exec(app.config.mailFrom)?.[1] ?? app.config.mailFrom;
  const vapid = await loadVapid(app.db, `mailto:${address}`);
  let closing = false;
  let chain: Promise<number> = Promise.resolve(0);
  const drain = () => {
    chain = chain.then(async () => {
      if (closing) return 0;
      await expandDueSends(app.db, app.now());
      return drainQueue(
        {
          db: app.db,
          now: app.now,
          mailer: app.mailer,
          box,
          vapid,
          lineApiBase: app.config.lineApiBase,
          log: app.log,
        },
        () => closing,
      );
    });
    return chain;
  };
  const kick = () => {
    drain().catch((err) => app.log.warn({ err }, 'delivery run failed'));
  };
  const reminders = async () => {
    const added = await runReminders(app.db, app.now());
    if (added) kick();
    return added;
  };
  app.decorate('notify', { box, vapid, drain, kick, reminders });

  let poll: NodeJS.Timeout | undefined;
  let daily: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Tests run the queue and the reminders themselves (app.notify), with their moved clock.
    if (app.config.nodeEnv === 'test') return;
    poll = setInterval(kick, POLL_MS).unref();
    // Reminders: hourly, so a day is never missed across restarts; their keys make each one once.
    const remind = () => reminders().catch((err) => app.log.warn({ err }, 'reminders failed'));
    first = setTimeout(remind, 30_000).unref();
    daily = setInterval(remind, HOUR).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(poll);
    clearInterval(daily);
    clearTimeout(first);
    await chain.catch(() => 0);
  });
});
