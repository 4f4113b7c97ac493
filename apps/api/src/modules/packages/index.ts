// The packages module's public surface: the catalog other modules read.
export { packagesModule } from './packages.module';
export {
  activePackages,
  addOnPackage,
  type Catalog,
  catalogAt,
  type CatalogPackage,
  findPackage,
  findPackageByPriceId,
  marketPlans,
  packageInGroup,
  packagesById,
  toPackage,
} from './packages.repository';
