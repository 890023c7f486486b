/** The cart's public face: what other modules may import from it. */
export { CartModule } from './cart.module';
export { CartService, type CheckoutLine } from './cart.service';
