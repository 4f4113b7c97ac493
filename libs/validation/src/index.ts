export * from './messages.js';
export * from './field-errors.js';
export {
  TEXT_MAX_LENGTH,
  SIMPLE_EMAIL_PATTERN,
  LETTERS_ONLY_NAME_PATTERN,
  PERSON_NAME_PATTERN,
  PERSON_NAME_MAX_LENGTH,
  wholeNumber,
  UPLOAD_PATH_PATTERN,
  UPLOAD_URL_PATTERN,
  positiveId,
  optionalPositiveId,
  optionalSearchText,
  CONTROL_CHARACTERS,
} from './fields.js';
export * from './account.schema.js';
export * from './billing.schema.js';
export * from './checkout.schema.js';
export * from './fpx-banks.js';
export * from './fpx-bank.schema.js';
export { isCardNumber } from './card-number.js';
export * from './account-responses.schema.js';
export * from './billing-responses.schema.js';
export * from './checkout-responses.schema.js';
export * from './api-contract.js';
export * from './api-request.schema.js';
export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes.js';
export * from './staff.schema.js';
export * from './staff-notes.schema.js';
export * from './catalog.schema.js';
export * from './team.schema.js';
export * from './support.schema.js';
export * from './subscription-controls.schema.js';
export * from './settings.schema.js';
export { AUDIT_ACTIONS, type AuditAction, isAuditAction } from './audit-actions.js';
