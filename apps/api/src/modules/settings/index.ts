// The settings module's public surface: the module, and the settings the staff and support modules decide with.
export { settingsModule } from './settings.module';
export { readSettings, type SettingValues } from './settings.repository';
