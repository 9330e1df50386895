import { Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { uuidParam } from '../../../common/validation';
import { BatchDocs } from './batch-api-docs';
import { BatchUploadQueryDto, ParcelBatchDto } from './dto/parcel-batch.dto';
import { type BatchPath, ParcelBatchesService } from './parcel-batches.service';

/**
 * The batch routes, once for each way a customer is known: `UserId` reads who asks (behind the
 * controller's guard), and `path` is where the routes live, which the answers' links point to.
 * Each controller extends them with its own path, guard and access docs.
 */
export function BatchRoutes(path: BatchPath, UserId: () => ParameterDecorator) {
  class Routes {
    constructor(@Inject(ParcelBatchesService) readonly batches: ParcelBatchesService) {}

    @Post()
    @HttpCode(202)
    @BatchDocs.send()
    send(@UserId() userId: string, @Req() req: Request, @Query() query: BatchUploadQueryDto): Promise<ParcelBatchDto> {
      return this.batches.send(userId, req, query.fields, path);
    }

    @Get()
    @BatchDocs.list()
    list(@UserId() userId: string): Promise<ParcelBatchDto[]> {
      return this.batches.list(userId, path);
    }

    @Get(':id')
    @BatchDocs.one()
    one(@UserId() userId: string, @Param('id', uuidParam('batch')) id: string): Promise<ParcelBatchDto> {
      return this.batches.one(userId, id, path);
    }

    @Get(':id/result')
    @BatchDocs.result()
    result(@UserId() userId: string, @Param('id', uuidParam('batch')) id: string, @Res() res: Response): Promise<void> {
      return this.batches.sendResult(userId, id, res);
    }
  }
  return Routes;
}
