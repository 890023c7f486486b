import { Access } from '../../common/auth/access.decorator';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OptionalIdQueryPipe } from '../../common/id.pipe';
import { ReviewSchema } from './reviews.schemas';
import { ReviewsService } from './reviews.service';

@ApiTags('reviews')
@Access('public')
@Controller('home/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @ApiQuery({ name: 'professionalId', required: false, type: Number })
  @ApiOkResponse({ type: [ReviewSchema] })
  list(@Query('professionalId', new OptionalIdQueryPipe('professionalId')) professionalId?: number) {
    return this.reviews.list(professionalId);
  }
}
