import { ApiProperty } from '@nestjs/swagger';

/** An order's page links replaced: the old ones are dead and the buyer is emailed the new one. */
export class OrderLinksReplacedDto {
  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ format: 'date-time', description: 'When the earlier links stopped working' })
  replacedAt: string;

  @ApiProperty({ description: 'Who is emailed the new link: the order’s buyer' })
  emailedTo: string;
}
