import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { BookingsModule } from '../bookings';
import { OrdersModule } from '../orders';
import { ReviewsModule } from '../reviews';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/** The profile screens' answers, composed from identity, orders and reviews. */
@Module({
  imports: [IdentityModule, BookingsModule, OrdersModule, ReviewsModule],
  controllers: [ProfilesController],
  providers: [ProfilesService],
})
export class ProfilesModule {}
