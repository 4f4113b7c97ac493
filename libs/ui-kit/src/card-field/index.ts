export { CardField } from './card-field';
export type {
  CardConfirmInput,
  CardFieldGateway,
  CardFieldHandle,
  CardFieldLabels,
  CardFieldProps,
  CardFieldState,
  SandboxCardDetails,
} from './card-field';
export { checkCardEntry, firstCardError, formatCardNumber, formatExpiry } from './card-validation';
export type { CardEntry, CardEntryCheck, CardEntryError } from './card-validation';
