import type { AppDeps } from '../../app-deps';
import { createAuditLogService } from './services/audit-log.service';
import { createCreditService } from './services/credit.service';
import { createDirectoryService } from './services/directory.service';
import { createIdempotencyService } from './services/idempotency.service';
import { createNotesService } from './services/notes.service';
import { createOperationsService } from './services/operations.service';
import { createRefundService } from './services/refund.service';
import { createSearchService } from './services/search.service';
import { createStaffContext } from './services/staff-context';
import { createSubscriptionControlService } from './services/subscription-controls.service';
import { createTestClockService } from './services/test-clock.service';

export { VISIT_WINDOW_SECONDS } from './services/directory.service';
export type { StaffActor } from './services/staff-context';

/** The staff console's operations, one service per capability over one shared context. */
export const createStaffService = (deps: AppDeps) => {
  const ctx = createStaffContext(deps);
  return {
    ...createDirectoryService(ctx),
    ...createSearchService(ctx),
    ...createCreditService(ctx),
    ...createRefundService(ctx),
    ...createSubscriptionControlService(ctx),
    ...createOperationsService(ctx),
    ...createNotesService(ctx),
    ...createAuditLogService(ctx),
    ...createTestClockService(ctx),
    ...createIdempotencyService(ctx),
  };
};

export type StaffService = ReturnType<typeof createStaffService>;
