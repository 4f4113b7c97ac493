// The checkout module's public surface.
export { checkoutModule } from './checkout.module';
export { ecpayOrderOfTrade } from './checkout.repository';
