export * from './constants';
export * from './catalog/catalog.types';
export * from './catalog/listing';
export * from './catalog/rating';
export * from './catalog/text';
export * from './identity/registration';
export * from './cart/pricing';
