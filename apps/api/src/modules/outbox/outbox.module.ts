import { Global, Module } from '@nestjs/common';
import { OutboxCompletions } from './outbox-completions.service';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';

@Global()
@Module({
  providers: [OutboxRepository, OutboxService, OutboxRelay, OutboxCompletions],
  exports: [OutboxService, OutboxRelay],
})
export class OutboxModule {}
