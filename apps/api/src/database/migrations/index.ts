import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { EventPipeline1763900000000 } from './1763900000000-event-pipeline';
import { RevocableSessions1764000000000 } from './1764000000000-revocable-sessions';
import { ChargedOnce1764100000000 } from './1764100000000-charged-once';
import { VerifiedEmails1764200000000 } from './1764200000000-verified-emails';
import { TypeChangeEndsSessions1764200000001 } from './1764200000001-type-change-ends-sessions';
import { ModuleOwnership1764300000000 } from './1764300000000-module-ownership';
import { OutboxRequestId1764600000000 } from './1764600000000-outbox-request-id';
import { MoneyInCents1764700000000 } from './1764700000000-money-in-cents';
import { DatedBookings1764800000000 } from './1764800000000-dated-bookings';
import { PaymentRefunds1764800000001 } from './1764800000001-payment-refunds';
import { Disputes1764800000002 } from './1764800000002-disputes';
import { LineRefunds1764800000003 } from './1764800000003-line-refunds';
import { Conversations1764900000000 } from './1764900000000-conversations';
import { OpenOrderLookup1765000000000 } from './1765000000000-open-order-lookup';
import { OutboxTasks1765000000001 } from './1765000000001-outbox-tasks';
import { ListingTotals1765100000000 } from './1765100000000-listing-totals';
import { ListedProfessions1765200000000 } from './1765200000000-listed-professions';
import { HoldRefusals1765300000000 } from './1765300000000-hold-refusals';
import { RefundsWithinPaid1765400000000 } from './1765400000000-refunds-within-paid';
import { UnappliedPaymentRefunds1765400000001 } from './1765400000001-unapplied-payment-refunds';
import { OutboxUnfinished1765400000002 } from './1765400000002-outbox-unfinished';
import { ProfessionalLocality1765400000003 } from './1765400000003-professional-locality';
import { BookingsModule1765500000000 } from './1765500000000-bookings-module';
import { DatedOnly1765500000001 } from './1765500000001-dated-only';
import { OneRefundRecord1765500000002 } from './1765500000002-one-refund-record';
import { JobRequests1765600000100 } from './1765600000100-job-requests';
import { DateCancellations1765600000300 } from './1765600000300-date-cancellations';
import { Localities1765700000000 } from './1765700000000-localities';
import { NearListing1765700003000 } from './1765700003000-near-listing';

/** Every migration, in order. Listed explicitly so the build needs no file globbing. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  EventPipeline1763900000000,
  RevocableSessions1764000000000,
  ChargedOnce1764100000000,
  VerifiedEmails1764200000000,
  TypeChangeEndsSessions1764200000001,
  ModuleOwnership1764300000000,
  OutboxRequestId1764600000000,
  MoneyInCents1764700000000,
  DatedBookings1764800000000,
  PaymentRefunds1764800000001,
  Disputes1764800000002,
  LineRefunds1764800000003,
  Conversations1764900000000,
  OpenOrderLookup1765000000000,
  OutboxTasks1765000000001,
  ListingTotals1765100000000,
  ListedProfessions1765200000000,
  HoldRefusals1765300000000,
  RefundsWithinPaid1765400000000,
  UnappliedPaymentRefunds1765400000001,
  OutboxUnfinished1765400000002,
  ProfessionalLocality1765400000003,
  BookingsModule1765500000000,
  DatedOnly1765500000001,
  OneRefundRecord1765500000002,
  JobRequests1765600000100,
  DateCancellations1765600000300,
  Localities1765700000000,
  NearListing1765700003000,
];
