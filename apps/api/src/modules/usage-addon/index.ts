// The usage add-on module's public surface.
export { usageAddonModule } from './usage-addon.module';
