import { ApiProperty } from '@nestjs/swagger';

export class CancelledSubscriptionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['cancelled'] })
  status: 'cancelled';
}
