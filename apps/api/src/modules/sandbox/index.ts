// The sandbox module's public surface.
export { sandboxModule } from './sandbox.module';
