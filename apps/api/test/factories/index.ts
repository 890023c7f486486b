/**
 * The service-level test tier: what the integration tests make their state with (through the HTTP API and the
 * modules' own services and repositories, never SQL) and read it back with.
 */
export * from './internals';
export * from './records';
export * from './catalogue';
export * from './outbox';
export * from './bookings';
export * from './people';
export * from './time';
export * from './direct-writes';
export * from './conversations';
