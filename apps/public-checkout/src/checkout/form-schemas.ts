// The checkout forms' schemas, imported on demand (`import('./form-schemas')`): a module of the app's own, so
// that the chunk holds only these schemas and zod, apart from the validation lib's plain data (banks, Luhn)
// that the pages draw with.
export { cardCheckoutSchema, gatewayCheckoutSchema } from '@merchant-hub/validation';
