import type { StaffSearchAnswer, StaffSearchQuery } from '@merchant-hub/validation';
import { globalSearch } from '../repositories';
import type { StaffContext } from './staff-context';

/** The console's global search (issue 27): a read, not audited, as the directory's search is not. */
export const createSearchService = (ctx: StaffContext) => ({
  search: async (query: StaffSearchQuery): Promise<StaffSearchAnswer> => ({ results: query.q ? await globalSearch(ctx.db, query.q, ctx.seconds()) : [] }),
});
