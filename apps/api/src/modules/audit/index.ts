// The audit module's public surface: the append-only log every staff write and refused attempt goes to. It
// imports nothing of the other modules, so each of them can write to it.
export {
  type AuditEntry,
  type AuditFilter,
  type AuditOutcome,
  type AuditRow,
  lastEntryAt,
  lastVisitAt,
  listAudit,
  sameVisit,
  searchAudit,
  staffAccessOf,
  VISIT_WINDOW_SECONDS,
  writeAudit,
} from './audit.repository';
export { createRefusalRecorder, REFUSALS_PER_WINDOW, REFUSAL_WINDOW_SECONDS, type RefusedActor, type RefusedAttempt } from './refusals';
