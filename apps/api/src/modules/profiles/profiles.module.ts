import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { BookingsModule } from '../bookings';
import { OrdersModule } from '../orders';
import { ReviewsModule } from '../reviews';
import { SignInModule } from '../sign-in';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/** The profile screens' answers, composed from identity (with sign-in's account answers), bookings, orders and reviews. */
@Module({
  imports: [IdentityModule, SignInModule, BookingsModule, OrdersModule, ReviewsModule],
  controllers: [ProfilesController],
  providers: [ProfilesService],
})
export class ProfilesModule {}
