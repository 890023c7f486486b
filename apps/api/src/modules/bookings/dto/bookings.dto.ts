import {
  answerDisputeSchema,
  bookingDecisionSchema,
  cancelDatesSchema,
  declineBookingSchema,
  disputesQuerySchema,
  openDisputeSchema,
  resolveDisputeSchema,
} from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Requests of the booking routes: the shared schemas, validated by the global pipe and shown in /docs.
export class DeclineBookingDto extends createZodDto(declineBookingSchema) {}
export class OpenDisputeDto extends createZodDto(openDisputeSchema) {}
export class AnswerDisputeDto extends createZodDto(answerDisputeSchema) {}
export class ResolveDisputeDto extends createZodDto(resolveDisputeSchema) {}
export class DisputesQueryDto extends createZodDto(disputesQuerySchema) {}
export class CancelDatesDto extends createZodDto(cancelDatesSchema) {}
export class BookingDecisionDto extends createZodDto(bookingDecisionSchema) {}
