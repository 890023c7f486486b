import { Global, Module } from '@nestjs/common';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxService } from './outbox.service';

@Global()
@Module({ providers: [OutboxService, OutboxRelay], exports: [OutboxService, OutboxRelay] })
export class OutboxModule {}
