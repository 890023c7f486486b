/** The cart's public face: what other modules may import from it. */
export { CartModule } from './cart.module';
export { CartService, type CheckoutCart, type CheckoutLine } from './cart.service';
export { JobPlaces, outsideServiceArea, type StoredPlace } from './job-places';
