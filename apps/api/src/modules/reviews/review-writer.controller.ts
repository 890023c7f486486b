import { Body, Controller, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { CreateReviewDto } from './dto/reviews.dto';
import { ReviewWriter } from './review-writer.service';

@ApiTags('reviews')
@Controller('api/reviews')
export class ReviewWriterController {
  constructor(private readonly reviews: ReviewWriter) {}

  @Post()
  @Access('cliente')
  @ApiForbiddenResponse({ description: 'no paid booking of that professional' })
  create(@CurrentUser() actor: SessionUserClaims, @Body() body: CreateReviewDto) {
    return this.reviews.create(actor, body);
  }
}
