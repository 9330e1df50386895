import { ApiProperty } from '@nestjs/swagger';
import { DATASET_FORMATS, FORMAT_IDS } from '../../../contracts/dataset-formats';
import type { DatasetFormat } from '../../../contracts/dataset-formats';

/** One format county files are offered in (GET /api/formats). */
export class DatasetFormatDto {
  @ApiProperty({ enum: FORMAT_IDS, example: 'gpkg', description: 'What the download-link calls take as `format`' })
  id: DatasetFormat;

  @ApiProperty({ example: 'GeoPackage' })
  name: string;

  @ApiProperty({ example: '.gpkg', description: 'The downloaded file name ends in it' })
  extension: string;

  @ApiProperty({ example: 'application/geopackage+sqlite3', description: 'Content-Type of the download' })
  mediaType: string;

  @ApiProperty({ example: DATASET_FORMATS[1].description })
  description: string;
}

/** A format of one county file and its size: null while it is not made yet (it is made on the first request). */
export class CountyFileFormatDto {
  @ApiProperty({ enum: FORMAT_IDS, example: 'parquet' })
  format: DatasetFormat;

  @ApiProperty({ type: Number, nullable: true, example: 418000, description: 'Size in bytes; null until made' })
  bytes: number | null;
}
