import { Body, Controller, Get, Inject, Module, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { Access } from '../auth/access.decorator';
import { CLOCK, MovableClock } from './clock';

/** How far the test clock runs ahead of the real one (negative: behind), at most a year either way. */
const devClockSchema = z.object({
  offsetMs: z
    .number()
    .int()
    .min(-366 * 86_400_000)
    .max(366 * 86_400_000),
});
class DevClockDto extends createZodDto(devClockSchema) {}

/**
 * The browser tests' clock (TEST_CLOCK only: without it this module is not mounted and /dev/clock is a 404). Moving it
 * moves what every booking rule of this process reads as now; BullMQ's delayed jobs keep real time.
 */
@ApiExcludeController()
@Controller('dev/clock')
export class DevClockController {
  constructor(@Inject(CLOCK) private readonly clock: MovableClock) {}

  @Get()
  @Access('public')
  read() {
    return this.view();
  }

  @Put()
  @Access('public')
  move(@Body() body: DevClockDto) {
    this.clock.setOffset(body.offsetMs);
    return this.view();
  }

  private view() {
    return { offsetMs: this.clock.offset, now: this.clock.now().toISOString() };
  }
}

@Module({ controllers: [DevClockController] })
export class DevClockModule {}
