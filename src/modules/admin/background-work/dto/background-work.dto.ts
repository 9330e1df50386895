import { ApiProperty } from '@nestjs/swagger';

export class QueueCountsDto {
  @ApiProperty({ example: 'mail' }) name: string;
  @ApiProperty() waiting: number;
  @ApiProperty() active: number;
  @ApiProperty() failed: number;
  @ApiProperty() delayed: number;
  @ApiProperty({ description: 'Finished and still kept by the queue' }) completed: number;
  @ApiProperty({ description: 'Whether the queue is paused (its jobs wait until resumed)' }) paused: boolean;
}

export class FailedJobDto {
  @ApiProperty() id: string;
  @ApiProperty() queue: string;
  @ApiProperty({ description: 'The kind of job', example: 'send-receipt' }) name: string;
  @ApiProperty({ description: 'Why its last attempt failed' }) error: string;
  @ApiProperty() attemptsMade: number;
  @ApiProperty() attemptsAllowed: number;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) failedAt: Date | null;
}

export class JobActionDto {
  @ApiProperty() id: string;
  @ApiProperty({ required: false, description: 'Its state after a retry' }) state?: string;
  @ApiProperty({ required: false }) removed?: boolean;
}
