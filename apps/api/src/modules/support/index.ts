// The support module's public surface: the module itself (the support inbox, issue 11 part 4).
export { supportModule } from './support.module';
