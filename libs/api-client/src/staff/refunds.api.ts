import type { GatewayNoticeList, ReasonInput, RefundableInvoiceList, RefundApprovalList, RefundInput, RefundPreview, RefundPreviewInput, RefundResult, OkResult } from '@merchant-hub/validation';
import { IDEMPOTENCY_KEY_HEADER } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';
import { type ApprovalDecision, type Idempotent, newIdempotencyKey } from './staff.api';

// Refunds and gateway notices (issue 25 item 7): the console's calls.

const writeOptions = (key: string | undefined) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key ?? newIdempotencyKey() } });
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchRefundableInvoices = (http: HttpClient, userId: number, signal?: AbortSignal): Promise<RefundableInvoiceList> =>
  http.get(`/staff/merchants/${userId}/refundable-invoices`, { schema: responseOf('GET /staff/merchants/:userId/refundable-invoices'), ...withSignal(signal) });

export const previewRefund = (http: HttpClient, invoiceId: string, input: RefundPreviewInput): Promise<RefundPreview> =>
  http.post(`/staff/invoices/${encodeURIComponent(invoiceId)}/refunds/preview`, input, { schema: responseOf('POST /staff/invoices/:id/refunds/preview') });

export const createRefund = (http: HttpClient, invoiceId: string, input: RefundInput & Idempotent): Promise<RefundResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/invoices/${encodeURIComponent(invoiceId)}/refunds`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/invoices/:id/refunds') });
};

export const fetchRefundApprovals = (http: HttpClient, signal?: AbortSignal): Promise<RefundApprovalList> =>
  http.get('/staff/refund-approvals', { schema: responseOf('GET /staff/refund-approvals'), ...withSignal(signal) });

export const decideRefund = (http: HttpClient, refundId: string, decision: ApprovalDecision, input: ReasonInput & Idempotent): Promise<RefundResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/refunds/${encodeURIComponent(refundId)}/${decision}`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/refunds/:id/:decision') });
};

export const fetchGatewayNotices = (http: HttpClient, status: 'open' | 'all', signal?: AbortSignal): Promise<GatewayNoticeList> =>
  http.get('/staff/gateway-notices', { query: { status }, schema: responseOf('GET /staff/gateway-notices'), ...withSignal(signal) });

export const reviewGatewayNotice = (http: HttpClient, noticeId: number, input: ReasonInput & Idempotent): Promise<OkResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/gateway-notices/${noticeId}/review`, body, { ...writeOptions(idempotencyKey), schema: responseOf('POST /staff/gateway-notices/:id/review') });
};
