import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { createApp } from './app';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrations';
import { demoAccountsTable, seedDatabase } from './db/seeds';
import { createLogger } from './http/logging';
import { startBillingScheduler } from './jobs/billing-scheduler';
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
  if (config.sandboxInProduction) {
    const warning = 'ALLOW_SANDBOX_IN_PRODUCTION=staging: this production deployment takes SANDBOX payments (fake cards, ECPay test cashier or stage keys). Never use it for real customers.';
    console.warn(`\n${'!'.repeat(100)}\n${warning}\n${'!'.repeat(100)}\n`);
    logger.warn({ paymentGateway: config.paymentGateway, ecpayMode: config.ecpay.mode }, warning);
  }
  const db = createDb({ url: config.databaseUrl });
  await migrateLatest(db);
  const modules = apiModules.filter((module) => module.enabled?.(config) ?? true);
  const { seededDemo } = await seedDatabase({ db, clock: systemClock, config, modules, demo: config.nodeEnv !== 'production' });

  const outbox = createOutboxNotifier({ db, clock: systemClock, secret: config.sessionSecret });
  // nodemailer loads only when it is used.
  const notifier = config.smtpUrl
    ? (await loadSmtpNotifier()).createSmtpNotifier({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox })
    : outbox;
  const deps = { db, clock: systemClock, notifier, config, logger };
  const app = createApp(deps);
  // Renewals, scheduled plan changes, expiries and dunning retries; safe with several instances running.
  const scheduler = startBillingScheduler(deps);

  const server = app.listen(config.port, () => {
    const lines = [`Merchant Hub API listening on ${config.publicUrl} (port ${config.port})`];
    if (config.nodeEnv !== 'production') {
      lines.push(seededDemo ? 'Seeded an empty database.' : 'Database already had data; demo accounts as seeded earlier.');
      lines.push(demoAccountsTable());
      lines.push(`Sign-in codes and links: ${config.publicUrl}/api/dev/mailbox.html (JSON: /api/dev/mailbox?to=<e-mail>)`);
    }
    console.log(lines.join('\n'));
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    scheduler.stop();
    server.close(() => {
      void db.destroy().then(() => process.exit(0));
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

start().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
