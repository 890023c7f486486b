import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { BookingsModule } from '../bookings';
import { OrdersModule } from '../orders';
import { ReviewsModule } from '../reviews';
import { SignInModule } from '../sign-in';
import { ProfilesController } from './profiles.controller';
import { ProfessionalBusinessService } from './professional-business.service';
import { ProfilesService } from './profiles.service';

/**
 * The profile screens' answers, composed from identity (with sign-in's account answers), bookings, orders and reviews;
 * and the professional's own business ("Mi negocio"), written to the catalogue.
 */
@Module({
  imports: [IdentityModule, SignInModule, BookingsModule, OrdersModule, ReviewsModule, CatalogModule],
  controllers: [ProfilesController],
  providers: [ProfilesService, ProfessionalBusinessService],
})
export class ProfilesModule {}
