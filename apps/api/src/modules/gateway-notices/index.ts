// What the payment gateways told us outside our own calls, kept for staff: refused notifications, refunds and
// disputes reported by webhook. It imports nothing of the other modules, so checkout, billing and staff all can.
export {
  countOpenGatewayNotices,
  type GatewayNotice,
  type GatewayNoticeKind,
  hasGatewayNotice,
  listGatewayNotices,
  type NewGatewayNotice,
  noticeKey,
  recordGatewayNotice,
  reviewGatewayNotice,
} from './gateway-notices.repository';
