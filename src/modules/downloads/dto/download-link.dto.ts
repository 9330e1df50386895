import { ApiProperty } from '@nestjs/swagger';

/** A signed, short-lived link to the county file a subscription includes now. */
export class DownloadLinkDto {
  @ApiProperty({
    example: 'https://store.example.com/api/downloads/ZmQ3…',
    description: 'GET it for the gzip CSV (Range supported); it stops working at expiresAt',
  })
  url: string;

  @ApiProperty({ example: '2026-11', description: 'The monthly release the file is' })
  release: string;

  @ApiProperty({ example: 593, description: 'CSV records, the header not counted' })
  records: number;

  @ApiProperty({ example: 512000, description: 'Size of the gzip file' })
  bytes: number;

  @ApiProperty({ type: String, format: 'date-time', description: '15 minutes after the link was made' })
  expiresAt: Date;
}
