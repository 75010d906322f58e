import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp(async (app: FastifyInstance) => {
  const { smtpUrl, mailDir, mailFrom } = app.config;
  const mailer = createMailer({ smtpUrl, mailDir, from: mailFrom, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
});
