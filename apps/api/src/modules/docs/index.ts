// The docs module's public surface.
export { docsModule } from './docs.module';
