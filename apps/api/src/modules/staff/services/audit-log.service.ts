import type { AuditQuery } from '@merchant-hub/validation';
import { listAudit, searchAudit, staffAccessOf } from '../../audit';
import { findMerchantByOwner } from '../repositories';
import type { StaffContext } from './staff-context';
import { decodeCursor, encodeCursor, isIdCursor } from './staff-context';

// The audit log (list, CSV) and what a merchant sees of staff access.
const CSV_COLUMNS = ['id', 'at', 'staff_email', 'merchant_user_id', 'merchant_name', 'action', 'reason', 'ip', 'outcome', 'error_code', 'attempt_id', 'before', 'after'] as const;
const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const createAuditLogService = (ctx: StaffContext) => {
  const { db } = ctx;
  const auditFilterOf = async (query: Omit<AuditQuery, 'cursor' | 'limit'>) => {
    const merchant = query.merchant_user_id ? await findMerchantByOwner(db, query.merchant_user_id) : undefined;
    return { staffId: query.staff_id, merchantId: query.merchant_user_id ? (merchant?.id ?? null) : undefined, action: query.action, from: query.from, to: query.to };
  };

  const audit = async (query: AuditQuery) => {
    const cursor = decodeCursor(query.cursor, isIdCursor);
    const rows = await searchAudit(db, { ...(await auditFilterOf(query)), beforeId: cursor?.id, limit: query.limit + 1 });
    const data = rows.slice(0, query.limit);
    const last = data[data.length - 1];
    return { data, next_cursor: rows.length > query.limit && last ? encodeCursor({ id: last.id }) : null };
  };

  /** The whole filtered log as CSV, newest first, read in pages so memory stays flat. */
  const auditCsv = async (query: AuditQuery): Promise<string> => {
    const filter = await auditFilterOf(query);
    const lines = [CSV_COLUMNS.join(',')];
    let beforeId: number | undefined;
    for (;;) {
      const rows = await searchAudit(db, { ...filter, beforeId, limit: 1000 });
      for (const row of rows) {
        lines.push(
          [row.id, new Date(row.at * 1000).toISOString(), row.staff.email, row.merchant?.user_id, row.merchant?.name, row.action, row.reason, row.ip, row.outcome, row.error_code, row.attempt_id, row.before, row.after].map(csvCell).join(','),
        );
      }
      if (rows.length < 1000) break;
      beforeId = rows[rows.length - 1]?.id;
    }
    return `${lines.join('\r\n')}\r\n`;
  };

  const staffAccess = async (userId: number) => {
    const merchant = await findMerchantByOwner(db, userId);
    if (!merchant) return { data: [] };
    return { data: await staffAccessOf(db, merchant.id, 100) };
  };

  /** The legacy audit list: 50 entries a page, `userId` filters by the merchant that user owns (none: nothing). */
  const legacyAudit = async (query: { userId?: number; before?: number }) => {
    const merchant = query.userId ? await findMerchantByOwner(db, query.userId) : null;
    const rows = await listAudit(db, { merchantId: merchant ? merchant.id : query.userId ? -1 : undefined, beforeId: query.before, limit: 50 });
    return { data: rows, has_more: rows.length === 50 };
  };

  return { audit, auditCsv, staffAccess, legacyAudit };
};
