import { Global, Module } from '@nestjs/common';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';

@Global()
@Module({ providers: [OutboxRepository, OutboxService, OutboxRelay], exports: [OutboxService, OutboxRelay] })
export class OutboxModule {}
