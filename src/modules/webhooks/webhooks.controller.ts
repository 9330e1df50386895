import {
  Body,
  type CanActivate,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  type Type,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { JsonBodyOnly } from '../../common/http/json-body';
import { uuidParam } from '../../common/validation';
import { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId } from '../api-tokens';
import { SignedInGuard, SignedInUserId } from '../auth';
import {
  CreateWebhookEndpointDto,
  RollWebhookSecretDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
  WebhookTestEventDto,
} from './dto/webhook-endpoint.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { MAX_ENDPOINTS } from './webhooks.constants';

/**
 * A customer's webhook endpoints: where the store POSTs signed events (release.published,
 * subscription.renewing, subscription.expired) as they happen; see docs/webhooks.md. The same routes
 * for scripts with an API token and for the dashboard with the session: one class, made for each
 * guard and the way it names the customer.
 */
function webhookRoutes(path: string, guard: Type<CanActivate>, customer: () => ParameterDecorator) {
  @ApiTags('webhooks')
  @UseGuards(guard)
  @Controller(path)
  class WebhookRoutes {
    constructor(readonly endpoints: WebhookEndpointsService) {}

    @Post()
    @UseGuards(JsonBodyOnly)
    @Header('Cache-Control', 'no-store')
    @ApiOperation({
      summary: 'Register an endpoint; the answer holds its signing secret, shown this once',
      description:
        `At most ${MAX_ENDPOINTS} endpoints. In production the URL must be https:// and every address its name ` +
        'resolves to public (not loopback, private, link-local or a metadata address); it is checked again at each delivery.',
    })
    @ApiCreatedResponse({ type: WebhookEndpointWithSecretDto })
    @ApiBadRequestResponse({ description: 'A URL that is not allowed, an unknown event, or a subscription not yours' })
    @ApiConflictResponse({ description: `${MAX_ENDPOINTS} endpoints already` })
    create(@customer() userId: string, @Body() dto: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretDto> {
      return this.endpoints.create(userId, dto);
    }

    @Get()
    @ApiOperation({ summary: "The token owner's endpoints, newest first (never their secrets)" })
    @ApiOkResponse({ type: WebhookEndpointDto, isArray: true })
    list(@customer() userId: string): Promise<WebhookEndpointDto[]> {
      return this.endpoints.list(userId);
    }

    @Get(':id')
    @ApiOperation({ summary: 'One endpoint' })
    @ApiOkResponse({ type: WebhookEndpointDto })
    @ApiNotFoundResponse({ description: 'No endpoint of the token owner has this id' })
    get(@customer() userId: string, @Param('id', uuidParam('endpoint')) id: string): Promise<WebhookEndpointDto> {
      return this.endpoints.get(userId, id);
    }

    @Delete(':id')
    @HttpCode(204)
    @ApiOperation({ summary: 'Delete an endpoint and its delivery log: nothing more is sent to it' })
    @ApiNoContentResponse({ description: 'Deleted' })
    @ApiNotFoundResponse({ description: 'No endpoint of the token owner has this id' })
    delete(@customer() userId: string, @Param('id', uuidParam('endpoint')) id: string): Promise<void> {
      return this.endpoints.delete(userId, id);
    }

    @Post(':id/roll-secret')
    @HttpCode(200)
    @UseGuards(JsonBodyOnly)
    @Header('Cache-Control', 'no-store')
    @ApiOperation({
      summary: 'A new signing secret, shown this once; the old one also signs for overlapHours (24 by default)',
    })
    @ApiBody({ type: RollWebhookSecretDto, required: false })
    @ApiOkResponse({ type: WebhookEndpointWithSecretDto })
    @ApiNotFoundResponse({ description: 'No endpoint of the token owner has this id' })
    roll(
      @customer() userId: string,
      @Param('id', uuidParam('endpoint')) id: string,
      @Body() dto: RollWebhookSecretDto,
    ): Promise<WebhookEndpointWithSecretDto> {
      return this.endpoints.rollSecret(userId, id, dto.overlapHours);
    }

    @Post(':id/enable')
    @HttpCode(200)
    @ApiOperation({ summary: 'Enable an endpoint disabled after three days of failed deliveries' })
    @ApiOkResponse({ type: WebhookEndpointDto })
    @ApiNotFoundResponse({ description: 'No endpoint of the token owner has this id' })
    enable(@customer() userId: string, @Param('id', uuidParam('endpoint')) id: string): Promise<WebhookEndpointDto> {
      return this.endpoints.enable(userId, id);
    }

    @Post(':id/test')
    @HttpCode(202)
    @ApiOperation({ summary: 'Send a test event (webhook.test) to this endpoint alone' })
    @ApiAcceptedResponse({ type: WebhookTestEventDto })
    @ApiNotFoundResponse({ description: 'No endpoint of the token owner has this id' })
    @ApiConflictResponse({ description: 'The endpoint is disabled' })
    test(@customer() userId: string, @Param('id', uuidParam('endpoint')) id: string): Promise<WebhookTestEventDto> {
      return this.endpoints.sendTest(userId, id);
    }

    @Get(':id/deliveries')
    @ApiOperation({
      summary: "The endpoint's last 100 deliveries, newest first: state, attempts, last status and latency",
    })
    @ApiOkResponse({ type: WebhookDeliveryDto, isArray: true })
    @ApiNotFoundResponse({ description: 'No endpoint of the token owner has this id' })
    deliveries(
      @customer() userId: string,
      @Param('id', uuidParam('endpoint')) id: string,
    ): Promise<WebhookDeliveryDto[]> {
      return this.endpoints.deliveries(userId, id);
    }

    @Post(':id/deliveries/:deliveryId/resend')
    @HttpCode(202)
    @ApiOperation({ summary: 'Send a delivered or failed delivery again, with the same event id' })
    @ApiAcceptedResponse({ type: WebhookDeliveryDto })
    @ApiNotFoundResponse({ description: 'No such delivery of this endpoint, or it is still being delivered' })
    @ApiConflictResponse({ description: 'The endpoint is disabled' })
    resend(
      @customer() userId: string,
      @Param('id', uuidParam('endpoint')) id: string,
      @Param('deliveryId', uuidParam('delivery')) deliveryId: string,
    ): Promise<WebhookDeliveryDto> {
      return this.endpoints.resend(userId, id, deliveryId);
    }
  }
  return WebhookRoutes;
}

/** /api/v1/webhooks, for a customer's scripts with an API token. */
@ApiBearerAuth('apiToken')
@ApiUnauthorizedResponse({ description: 'No API token, or one that is malformed, unknown or revoked' })
@ApiTooManyRequestsResponse({ description: `More than ${API_TOKEN_RATE_LIMIT.max} requests with this token a minute` })
export class WebhooksController extends webhookRoutes('v1/webhooks', ApiTokenGuard, ApiTokenUserId) {}

/** /api/webhooks, for the dashboard with the session cookie (cross-site writes refused for the whole API). */
@ApiUnauthorizedResponse({ description: 'Not signed in' })
export class DashboardWebhooksController extends webhookRoutes('webhooks', SignedInGuard, SignedInUserId) {}
