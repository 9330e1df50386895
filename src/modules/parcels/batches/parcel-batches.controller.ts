import { Controller, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SignedInGuard, SignedInUserId } from '../../auth';
import { BatchRoutes } from './batch-routes';

/**
 * The signed-in customer's batches, for the dashboard: the same batches as /api/v1/batches, with
 * the session cookie. Cross-site writes are refused for the whole API (sameOriginOnly).
 */
@ApiTags('batches')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiForbiddenResponse({ description: 'No active County Tracker' })
@UseGuards(SignedInGuard)
@Controller('parcel-batches')
export class ParcelBatchesController extends BatchRoutes('/api/parcel-batches', SignedInUserId) {}
