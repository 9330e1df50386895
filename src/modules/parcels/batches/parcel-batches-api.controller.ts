import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { uuidParam } from '../../../common/validation';
import { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId } from '../../api-tokens';
import { BatchDocs } from './batch-api-docs';
import { BatchUploadQueryDto, ParcelBatchDto } from './dto/parcel-batch.dto';
import { ParcelBatchesService } from './parcel-batches.service';

const PATH = '/api/v1/batches';

/**
 * /api/v1/batches: batch append for the token owner's scripts. A batch is its sender's alone:
 * another customer's id answers as if it did not exist.
 */
@ApiTags('batches')
@ApiBearerAuth('apiToken')
@ApiUnauthorizedResponse({ description: 'No API token, or one that is malformed, unknown or revoked' })
@ApiForbiddenResponse({ description: 'The token’s owner has no active County Tracker' })
@ApiTooManyRequestsResponse({
  description: `More than ${API_TOKEN_RATE_LIMIT.max} requests with this token in ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds; see Retry-After`,
})
@UseGuards(ApiTokenGuard)
@Controller('v1/batches')
export class ParcelBatchesApiController {
  constructor(private readonly batches: ParcelBatchesService) {}

  @Post()
  @HttpCode(202)
  @BatchDocs.send()
  send(
    @ApiTokenUserId() userId: string,
    @Req() req: Request,
    @Query() query: BatchUploadQueryDto,
  ): Promise<ParcelBatchDto> {
    return this.batches.send(userId, req, query.fields, PATH);
  }

  @Get()
  @BatchDocs.list()
  list(@ApiTokenUserId() userId: string): Promise<ParcelBatchDto[]> {
    return this.batches.list(userId, PATH);
  }

  @Get(':id')
  @BatchDocs.one()
  one(@ApiTokenUserId() userId: string, @Param('id', uuidParam('batch')) id: string): Promise<ParcelBatchDto> {
    return this.batches.one(userId, id, PATH);
  }

  @Get(':id/result')
  @BatchDocs.result()
  result(
    @ApiTokenUserId() userId: string,
    @Param('id', uuidParam('batch')) id: string,
    @Res() res: Response,
  ): Promise<void> {
    return this.batches.sendResult(userId, id, res);
  }
}
