import { Access } from '../../common/auth/access.decorator';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { optionalIdParam } from '../../common/validation/validation.pipe';
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
  list(@Query('professionalId', optionalIdParam('professionalId')) professionalId?: number) {
    return this.reviews.list(professionalId);
  }
}
