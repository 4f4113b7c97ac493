// The sign-in form's schema, imported on demand (`import('./sign-in-schema')`): the page draws the form
// without zod, which arrives with the first focus or submit.
export { signInFormSchema } from '@merchant-hub/validation';
