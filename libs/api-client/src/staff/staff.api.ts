import type {
  ApprovalList,
  ApprovalsQueryInput,
  AttentionCounts,
  AuditPage,
  AuditQueryInput,
  ClockAdvanceInput,
  ClockAdvanceResult,
  CreditAdjustmentInput,
  CreditAdjustmentPreview,
  CreditAdjustmentPreviewInput,
  CreditAdjustmentResult,
  InvoiceActionResult,
  MerchantClock,
  MerchantDetail,
  MerchantDirectoryPage,
  MerchantDirectoryQueryInput,
  OkResult,
  PageQueryInput,
  ReasonInput,
  StaffAccess,
  StaffMe,
  TimelinePage,
} from '@merchant-hub/validation';
import { IDEMPOTENCY_KEY_HEADER } from '@merchant-hub/validation';
import type { HttpClient, QueryParams } from '../http-client';
import { responseOf } from '../response-schemas';

/**
 * A staff write carries an idempotency key: the same key sent twice (a double click, a retry after a timeout)
 * makes one change and answers the first answer again. A form makes one key when it opens and sends it with
 * every submit of that form; without one, each call gets a fresh key.
 */
export type Idempotent = { idempotencyKey?: string };

export const newIdempotencyKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const writeOptions = (key: string | undefined) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key ?? newIdempotencyKey() } });
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const asQuery = (input: object): QueryParams => input as QueryParams;

export type InvoiceAction = 'void' | 'mark-uncollectible' | 'resend';
export type AccountAction = 'wizard-invite' | 'password-reset' | 'lift-sign-in-ban';
export type ApprovalDecision = 'approve' | 'reject';

export const fetchStaffMe = (http: HttpClient, signal?: AbortSignal): Promise<StaffMe> => http.get('/staff/me', { schema: responseOf('GET /staff/me'), ...withSignal(signal) });

export const fetchMerchantDirectory = (http: HttpClient, query: MerchantDirectoryQueryInput, signal?: AbortSignal): Promise<MerchantDirectoryPage> =>
  http.get('/staff/merchants', { query: asQuery(query), schema: responseOf('GET /staff/merchants'), ...withSignal(signal) });

export const fetchAttentionCounts = (http: HttpClient, signal?: AbortSignal): Promise<AttentionCounts> =>
  http.get('/staff/merchants/attention-counts', { schema: responseOf('GET /staff/merchants/attention-counts'), ...withSignal(signal) });

export const fetchMerchantDetail = (http: HttpClient, userId: number, signal?: AbortSignal): Promise<MerchantDetail> =>
  http.get(`/staff/merchants/${userId}`, { schema: responseOf('GET /staff/merchants/:userId'), ...withSignal(signal) });

/** Logs one "viewed" entry per visit (the API ignores repeats within 30 minutes). */
export const recordMerchantVisit = (http: HttpClient, userId: number): Promise<OkResult> => http.post(`/staff/merchants/${userId}/visits`, {}, { schema: responseOf('POST /staff/merchants/:userId/visits') });

export const fetchMerchantTimeline = (http: HttpClient, userId: number, query: PageQueryInput, signal?: AbortSignal): Promise<TimelinePage> =>
  http.get(`/staff/merchants/${userId}/timeline`, { query: asQuery(query), schema: responseOf('GET /staff/merchants/:userId/timeline'), ...withSignal(signal) });

export const previewCreditAdjustment = (http: HttpClient, userId: number, input: CreditAdjustmentPreviewInput): Promise<CreditAdjustmentPreview> =>
  http.post(`/staff/merchants/${userId}/credit-adjustments/preview`, input, { schema: responseOf('POST /staff/merchants/:userId/credit-adjustments/preview') });

export const createCreditAdjustment = (http: HttpClient, userId: number, input: CreditAdjustmentInput & Idempotent): Promise<CreditAdjustmentResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/merchants/${userId}/credit-adjustments`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/merchants/:userId/credit-adjustments') });
};

export const reverseCreditAdjustment = (http: HttpClient, adjustmentId: string, input: ReasonInput & Idempotent): Promise<CreditAdjustmentResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/credit-adjustments/${encodeURIComponent(adjustmentId)}/reverse`, body, {
    ...writeOptions(idempotencyKey),
    schema: responseOf('POST /staff/credit-adjustments/:id/reverse'),
  });
};

export const fetchApprovalCount = (http: HttpClient, signal?: AbortSignal) => http.get('/staff/approvals/count', { schema: responseOf('GET /staff/approvals/count'), ...withSignal(signal) });

export const fetchApprovals = (http: HttpClient, query: ApprovalsQueryInput, signal?: AbortSignal): Promise<ApprovalList> =>
  http.get('/staff/approvals', { query: asQuery(query), schema: responseOf('GET /staff/approvals'), ...withSignal(signal) });

export const decideApproval = (
  http: HttpClient,
  approvalId: string,
  decision: ApprovalDecision,
  input: ReasonInput & Idempotent,
): Promise<CreditAdjustmentResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/approvals/${encodeURIComponent(approvalId)}/${decision}`, body, {
    ...writeOptions(idempotencyKey),
    schema: responseOf('POST /staff/approvals/:id/:decision'),
  });
};

export const actOnInvoice = (http: HttpClient, invoiceId: string, action: InvoiceAction, input: ReasonInput & Idempotent): Promise<InvoiceActionResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/invoices/${encodeURIComponent(invoiceId)}/${action}`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/invoices/:id/:action') });
};

export const actOnAccount = (http: HttpClient, userId: number, action: AccountAction, input: ReasonInput & Idempotent): Promise<OkResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/merchants/${userId}/${action}`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/merchants/:userId/:action') });
};

export const fetchAuditLog = (http: HttpClient, query: AuditQueryInput, signal?: AbortSignal): Promise<AuditPage> =>
  http.get('/staff/audit', { query: asQuery(query), schema: responseOf('GET /staff/audit'), ...withSignal(signal) });

/** Where the CSV export of the same filters downloads from (a link the browser follows with its cookie). */
export const auditCsvUrl = (query: Omit<AuditQueryInput, 'cursor' | 'limit'>, baseUrl = '/api'): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  const search = params.toString();
  return `${baseUrl}/staff/audit.csv${search ? `?${search}` : ''}`;
};

export const fetchMerchantClock = (http: HttpClient, userId: number, signal?: AbortSignal): Promise<MerchantClock> =>
  http.get(`/staff/merchants/${userId}/clock`, { schema: responseOf('GET /staff/merchants/:userId/clock'), ...withSignal(signal) });

export const advanceMerchantClock = (http: HttpClient, userId: number, input: ClockAdvanceInput & Idempotent): Promise<ClockAdvanceResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/merchants/${userId}/clock/advance`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/merchants/:userId/clock/advance') });
};

/** The merchant's own view: when staff looked at or changed the account, and why. */
export const fetchStaffAccess = (http: HttpClient, signal?: AbortSignal): Promise<StaffAccess> => http.get('/users/staff-access', { schema: responseOf('GET /users/staff-access'), ...withSignal(signal) });
