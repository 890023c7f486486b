import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar';
import { CatalogModule } from '../catalog';
import { JobRequestsModule } from '../job-requests';
import { CartController } from './cart.controller';
import { CartRepository } from './cart.repository';
import { CartService } from './cart.service';

/** The clients' server carts. */
@Module({
  imports: [CatalogModule, CalendarModule, JobRequestsModule],
  controllers: [CartController],
  providers: [CartService, CartRepository],
  exports: [CartService],
})
export class CartModule {}
