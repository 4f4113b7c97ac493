// The checkout module's public surface.
export { checkoutModule } from './checkout.module';
