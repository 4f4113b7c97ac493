import type { Knex } from 'knex';
import * as referenceData from './001-reference-data';
import * as accounts from './002-accounts';
import * as billing from './100-billing';
import * as billingCatalog from './101-billing-catalog';
import * as paymentAuthentications from './102-payment-authentications';
import * as checkout from './200-checkout';
import * as staffConsole from './400-staff-console';
import * as staffDirectory from './401-staff-directory';
import * as staffDirectoryTextIndex from './402-staff-directory-text-index';
import * as outboxDelivery from './500-outbox-delivery';
import * as outboxHtml from './501-outbox-html';
import * as merchantCurrencyFollowsMarket from './600-merchant-currency-follows-market';
import * as catalogAdmin from './700-catalog-admin';
import * as supportInbox from './720-support-inbox';
import * as subscriptionUnitAmount from './740-subscription-unit-amount';
import * as outboxAttachments from './800-outbox-attachments';
import * as auditAttempts from './810-audit-attempts';
import * as staffDirectoryViewIndexes from './811-staff-directory-view-indexes';
import * as staffDirectoryShortSearch from './812-staff-directory-short-search';
import * as billingReadRevisions from './900-billing-read-revisions';
import * as staffDirectoryBillingTriggers from './910-staff-directory-billing-triggers';
import * as billingReadOpenInvoices from './920-billing-read-open-invoices';
import * as auditActorIndex from './920-audit-actor-index';
import * as contactChangeReports from './921-contact-change-reports';
import * as rateLimitCounters from './950-rate-limit-counters';
import * as gatewayRefunds from './960-gateway-refunds';
import * as gatewayNotices from './966-gateway-notices';
import * as invoiceRefunds from './967-invoice-refunds';
import * as invoiceWriteOff from './970-invoice-write-off';
import * as ecpayAgreements from './968-ecpay-agreements';
import * as staffGlobalSearch from './980-staff-global-search';
import * as chargeIntents from './990-charge-intents';
import * as staffNotesAndTags from './1000-staff-notes-and-tags';
import * as staffCreditNotes from './1010-staff-credit-notes';
import * as staffEscalation from './1020-staff-escalation';
import * as invoiceLineLabels from './1030-invoice-line-labels';
import * as stateTranslations from './1031-state-translations';
import * as listTranslations from './1032-list-translations';
import * as ledgerDescriptionKeys from './1040-ledger-description-keys';

export type Migration = { name: string; up: (knex: Knex) => Promise<void>; down: (knex: Knex) => Promise<void> };

/**
 * Every migration, in order. Migrations are imported modules (the bundled build has no migrations folder);
 * a new module appends its own here with the next number (billing: 100-…, checkout: 200-…).
 */
export const migrations: Migration[] = [
  { name: '001-reference-data', ...referenceData },
  { name: '002-accounts', ...accounts },
  { name: '100-billing', ...billing },
  { name: '101-billing-catalog', ...billingCatalog },
  { name: '102-payment-authentications', ...paymentAuthentications },
  { name: '200-checkout', ...checkout },
  { name: '400-staff-console', ...staffConsole },
  { name: '401-staff-directory', ...staffDirectory },
  { name: '402-staff-directory-text-index', ...staffDirectoryTextIndex },
  { name: '600-merchant-currency-follows-market', ...merchantCurrencyFollowsMarket },
  { name: '500-outbox-delivery', ...outboxDelivery },
  { name: '700-catalog-admin', ...catalogAdmin },
  { name: '720-support-inbox', ...supportInbox },
  { name: '501-outbox-html', ...outboxHtml },
  { name: '740-subscription-unit-amount', ...subscriptionUnitAmount },
  { name: '800-outbox-attachments', ...outboxAttachments },
  { name: '810-audit-attempts', ...auditAttempts },
  { name: '811-staff-directory-view-indexes', ...staffDirectoryViewIndexes },
  { name: '812-staff-directory-short-search', ...staffDirectoryShortSearch },
  { name: '900-billing-read-revisions', ...billingReadRevisions },
  { name: '910-staff-directory-billing-triggers', ...staffDirectoryBillingTriggers },
  { name: '920-billing-read-open-invoices', ...billingReadOpenInvoices },
  { name: '920-audit-actor-index', ...auditActorIndex },
  { name: '921-contact-change-reports', ...contactChangeReports },
  { name: '950-rate-limit-counters', ...rateLimitCounters },
  { name: '960-gateway-refunds', ...gatewayRefunds },
  { name: '966-gateway-notices', ...gatewayNotices },
  { name: '967-invoice-refunds', ...invoiceRefunds },
  { name: '970-invoice-write-off', ...invoiceWriteOff },
  { name: '968-ecpay-agreements', ...ecpayAgreements },
  { name: '980-staff-global-search', ...staffGlobalSearch },
  { name: '990-charge-intents', ...chargeIntents },
  { name: '1000-staff-notes-and-tags', ...staffNotesAndTags },
  { name: '1010-staff-credit-notes', ...staffCreditNotes },
  { name: '1020-staff-escalation', ...staffEscalation },
  { name: '1030-invoice-line-labels', ...invoiceLineLabels },
  { name: '1031-state-translations', ...stateTranslations },
  { name: '1032-list-translations', ...listTranslations },
  { name: '1040-ledger-description-keys', ...ledgerDescriptionKeys },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

export const migrateLatest = async (db: Knex): Promise<void> => {
  await db.migrate.latest({ migrationSource });
};

/** Names of the migrations this build has and the database has not run yet (empty once up to date). */
export const pendingMigrations = async (db: Knex): Promise<string[]> => {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], Migration[]];
  return pending.map((migration) => migration.name);
};
