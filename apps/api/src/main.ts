import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { createApp } from './app';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrations';
import { demoAccountsTable, seedDatabase } from './db/seeds';
import { drainServer } from './http/drain';
import { createLogger } from './http/logging';
import { createMetrics } from './http/metrics';
import { invoicePdfAttachment, startBillingScheduler } from './modules/billing';
import { apiModules } from './modules/registry';
import { createOutboxNotifier, loadSmtpNotifier } from './modules/notifications';

const start = async (): Promise<void> => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const db = createDb({ url: config.databaseUrl });
  await migrateLatest(db);
  const modules = apiModules.filter((module) => module.enabled?.(config) ?? true);
  const { seededDemo } = await seedDatabase({ db, clock: systemClock, config, modules, demo: config.nodeEnv !== 'production' });

  // nodemailer loads only when it is used. With SMTP, mail goes through the outbox and is retried from it.
  const smtp = config.smtpUrl
    ? (await loadSmtpNotifier()).createSmtpNotifier({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        db,
        clock: systemClock,
        secret: config.sessionSecret,
        // Invoice e-mails carry the invoice's PDF, rendered from the database when each is sent.
        invoiceAttachment: invoicePdfAttachment({ db, publicUrl: config.publicUrl }),
      })
    : null;
  const notifier = smtp ?? createOutboxNotifier({ db, clock: systemClock, secret: config.sessionSecret });
  const mailRetries = smtp?.start();
  const metrics = createMetrics({ process: true });
  const deps = { db, clock: systemClock, notifier, config, logger, metrics };
  const app = createApp(deps);
  // Renewals, scheduled plan changes, expiries and dunning retries; safe with several instances running.
  const scheduler = startBillingScheduler(deps, { intervalMs: config.schedulerIntervalMs, observer: metrics.scheduler });

  const server = app.listen(config.port, () => {
    const lines = [`Merchant Hub API listening on ${config.publicUrl} (port ${config.port})`];
    if (config.nodeEnv !== 'production') {
      lines.push(seededDemo ? 'Seeded an empty database.' : 'Database already had data; demo accounts as seeded earlier.');
      lines.push(demoAccountsTable());
      lines.push(`Sign-in codes and links: ${config.publicUrl}/api/dev/mailbox.html (JSON: /api/dev/mailbox?to=<e-mail>)`);
    }
    console.log(lines.join('\n'));
  });

  /**
   * SIGTERM (a deploy, a scale-down): stop taking connections, let the requests in flight answer and the
   * merchant the scheduler is settling commit, then close the database and exit 0. A shutdown that hangs
   * past SHUTDOWN_TIMEOUT_MS exits 1 (every merchant is settled in one transaction, so nothing half-done stays).
   */
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ signal }, 'shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    const serverClosed = drainServer(server);
    mailRetries?.stop();
    void Promise.all([serverClosed, scheduler.stop()])
      .then(() => {
        smtp?.close();
        return db.destroy();
      })
      .then(() => {
        logger.info({ signal }, 'shut down cleanly');
        process.exit(0);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

start().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
