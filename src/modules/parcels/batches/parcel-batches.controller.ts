import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { uuidParam } from '../../../common/validation';
import { SignedInGuard, SignedInUserId } from '../../auth';
import { BatchDocs } from './batch-api-docs';
import { BatchUploadQueryDto, ParcelBatchDto } from './dto/parcel-batch.dto';
import { ParcelBatchesService } from './parcel-batches.service';

const PATH = '/api/parcel-batches';

/**
 * The signed-in customer's batches, for the dashboard: the same batches as /api/v1/batches, with
 * the session cookie. Cross-site writes are refused for the whole API (sameOriginOnly).
 */
@ApiTags('batches')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiForbiddenResponse({ description: 'No active County Tracker' })
@UseGuards(SignedInGuard)
@Controller('parcel-batches')
export class ParcelBatchesController {
  constructor(private readonly batches: ParcelBatchesService) {}

  @Post()
  @HttpCode(202)
  @BatchDocs.send()
  send(
    @SignedInUserId() userId: string,
    @Req() req: Request,
    @Query() query: BatchUploadQueryDto,
  ): Promise<ParcelBatchDto> {
    return this.batches.send(userId, req, query.fields, PATH);
  }

  @Get()
  @BatchDocs.list()
  list(@SignedInUserId() userId: string): Promise<ParcelBatchDto[]> {
    return this.batches.list(userId, PATH);
  }

  @Get(':id')
  @BatchDocs.one()
  one(@SignedInUserId() userId: string, @Param('id', uuidParam('batch')) id: string): Promise<ParcelBatchDto> {
    return this.batches.one(userId, id, PATH);
  }

  @Get(':id/result')
  @BatchDocs.result()
  result(
    @SignedInUserId() userId: string,
    @Param('id', uuidParam('batch')) id: string,
    @Res() res: Response,
  ): Promise<void> {
    return this.batches.sendResult(userId, id, res);
  }
}
