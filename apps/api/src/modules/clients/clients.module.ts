import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { ClientsController } from './clients.controller';
import { ClientsService } from './clients.service';

@Module({ imports: [IdentityModule], controllers: [ClientsController], providers: [ClientsService] })
export class ClientsModule {}
