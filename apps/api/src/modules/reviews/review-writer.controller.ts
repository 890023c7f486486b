import { Body, Controller, Post } from '@nestjs/common';
import { ApiBody, ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { ReviewWriter, type CreateReviewBody } from './review-writer.service';

@ApiTags('reviews')
@Controller('api/reviews')
export class ReviewWriterController {
  constructor(private readonly reviews: ReviewWriter) {}

  @Post()
  @Access('cliente')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        clientId: { type: 'number' },
        professionalId: { type: 'number' },
        orderDetailId: { type: 'number', description: 'the booking reviewed; default: the newest paid one' },
        comment: { type: 'string', maxLength: 500 },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
      },
    },
  })
  @ApiForbiddenResponse({ description: 'no paid booking of that professional' })
  create(@CurrentUser() actor: SessionUserClaims, @Body() body: CreateReviewBody | undefined) {
    return this.reviews.create(actor, body);
  }
}
