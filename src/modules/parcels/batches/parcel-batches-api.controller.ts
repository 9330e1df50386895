import { Controller, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId } from '../../api-tokens';
import { BatchRoutes } from './batch-routes';

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
export class ParcelBatchesApiController extends BatchRoutes('/api/v1/batches', ApiTokenUserId) {}
