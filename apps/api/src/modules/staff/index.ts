// The staff module's public surface: the audit log other modules write to, and the module itself.
export { type AuditEntry, writeAudit } from '../audit';
export { staffModule } from './staff.module';
export { createStaffService, type StaffActor, type StaffService } from './staff.service';
