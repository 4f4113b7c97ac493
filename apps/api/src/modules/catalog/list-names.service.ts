import type { ListTranslationsEditInput, TranslatedListName, TranslatedLists } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { findListEntry, listEntries, setListTranslations } from '../lists';
import { type CatalogActor, commitCatalogChange } from './catalog-changes';

/**
 * The store industries and shop categories in every language (issue 31 #5): staff read both lists with each
 * entry's names, superadmins change an entry's names in the other languages, audited with the reason and the
 * names before and after, like every catalog write. The English name (what the lists are kept under) stays.
 */
export const createListNamesService = (deps: AppDeps) => {
  const { db } = deps;
  const now = (): number => Math.floor(deps.clock.now().getTime() / 1000);

  const lists = async (): Promise<TranslatedLists> => {
    const [industries, shopCategories] = await Promise.all([listEntries(db, 'industries'), listEntries(db, 'shop_categories')]);
    return { industries, shop_categories: shopCategories };
  };

  const translate = async (actor: CatalogActor, list: TranslatedListName, id: number, input: ListTranslationsEditInput) => {
    if (actor.role !== 'superadmin') throw new AppError('forbidden');
    return commitCatalogChange(db, actor, { action: 'catalog.list.update', now: now() }, async (tx) => {
      const before = await findListEntry(tx, list, id);
      if (!before) throw new AppError('not_found');
      await setListTranslations(tx, list, id, input.translations);
      const after = (await findListEntry(tx, list, id)) ?? before;
      return { result: { data: after }, before: { translations: before.translations }, after: { translations: after.translations }, details: { list, id, name: before.name } };
    });
  };

  return { lists, translate };
};
