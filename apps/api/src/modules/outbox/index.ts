/** The outbox's public face: every module records its events through it. */
export { OutboxModule } from './outbox.module';
export { committed, OutboxService } from './outbox.service';
export { OutboxRelay } from './outbox-relay.service';
