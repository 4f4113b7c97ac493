export * from './messages.js';
export * from './field-errors.js';
export {
  TEXT_MAX_LENGTH,
  SIMPLE_EMAIL_PATTERN,
  LETTERS_ONLY_NAME_PATTERN,
} from './fields.js';
export * from './account.schema.js';
export * from './billing.schema.js';
export * from './checkout.schema.js';
export * from './fpx-banks.js';
export * from './staff.schema.js';
