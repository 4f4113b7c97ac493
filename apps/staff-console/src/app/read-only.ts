import { useStaffMe } from '@merchant-hub/api-client';

/**
 * Whether the signed-in staff member is read-only (issue 27 capability 4): screens leave out the controls that
 * change something. The API refuses those writes anyway (403 `staff_read_only`); this only spares the
 * member buttons that cannot work. Reads the `GET /staff/me` the layout already holds.
 */
export const useReadOnly = (): boolean => useStaffMe({ meta: { handlesError: true } }).data?.role === 'readonly';
