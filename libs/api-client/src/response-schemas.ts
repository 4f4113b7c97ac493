// The response schemas the fetchers parse with, each imported on first use: the client parses only in
// development and tests, so a production page's first load carries neither zod nor the schemas.
const validation = () => import('./response-schema-set');

export const userEnvelopeSchema = () => validation().then((m) => m.userEnvelopeResponseSchema);
export const checkoutPackageSchema = () => validation().then((m) => m.checkoutPackageResponseSchema);
export const checkoutConfigSchema = () => validation().then((m) => m.checkoutConfigResponseSchema);
export const paymentStatusSchema = () => validation().then((m) => m.paymentStatusResponseSchema);
export const billingAllSchema = () => validation().then((m) => m.billingAllResponseSchema);
export const planChangePreviewSchema = () => validation().then((m) => m.planChangePreviewResponseSchema);
