// The operations module's public surface: liveness, readiness and metrics routes.
export { operationsModule } from './operations.module';
