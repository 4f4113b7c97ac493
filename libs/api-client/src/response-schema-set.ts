// What `response-schemas.ts` imports on demand: a module of its own, so that the chunk holds the response
// schemas and zod only, whatever plain data of the validation lib a page imports statically.
export { apiResponseSchemas } from '@merchant-hub/validation';
