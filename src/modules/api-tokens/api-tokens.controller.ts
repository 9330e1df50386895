import { Body, Controller, Delete, Get, Header, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { uuidParam } from '../../common/validation';
import { SignedInGuard, SignedInUserId } from '../auth';
import { ApiTokensService, MAX_LIVE_TOKENS } from './api-tokens.service';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto, RevokedApiTokenDto } from './dto/api-token.dto';

/**
 * The signed-in customer's API tokens, managed from the dashboard with the session cookie (never
 * with a token: a leaked token cannot make itself more tokens). Cross-site writes are refused for
 * the whole API by sameOriginOnly (src/common/http/same-origin.ts).
 */
@ApiTags('api tokens')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@UseGuards(SignedInGuard)
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in customer's live API tokens, newest first (never their secrets)" })
  @ApiOkResponse({ type: ApiTokenDto, isArray: true })
  list(@SignedInUserId() userId: string): Promise<ApiTokenDto[]> {
    return this.tokens.list(userId);
  }

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Create an API token for the data API (/api/v1)',
    description: `The answer holds the token, shown this once: only its SHA-256 is kept. At most ${MAX_LIVE_TOKENS} live tokens per customer.`,
  })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiBadRequestResponse({ description: 'The name is empty, too long, or has control characters' })
  @ApiConflictResponse({ description: `Already ${MAX_LIVE_TOKENS} live tokens, or one with this name` })
  create(@SignedInUserId() userId: string, @Body() dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.tokens.create(userId, dto.name);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke an API token: it stops working at once' })
  @ApiOkResponse({ type: RevokedApiTokenDto })
  @ApiNotFoundResponse({ description: 'No live token of this customer has this id' })
  revoke(@SignedInUserId() userId: string, @Param('id', uuidParam('token')) id: string): Promise<RevokedApiTokenDto> {
    return this.tokens.revoke(userId, id);
  }
}
