// The catalog module's public surface: the staff routes, and the hooks a cache of the parsed catalog needs.
export { catalogModule } from './catalog.module';
export { type CatalogChange, catalogRevision, onCatalogChange } from './catalog-changes';
