import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Application, Request, Response } from 'express';
import proxyAddress from 'proxy-addr';
import { replyWithError } from '../../common/filters/http-error.filter';
import type { HotRoute } from '../../common/http/ahead-of-framework';
import { parseJsonBody } from '../../common/http/json-body';
import { sendRetryAfter } from '../../common/http/retry-after';
import { crossSiteRefusal, isCrossSiteWrite } from '../../common/http/same-origin';
import { createValidationPipe } from '../../common/validation';
import { JourneyEventDto } from './dto/journey-event.dto';
import { JourneyEventsService } from './journey-events.service';
import { addressKey } from '../../common/http/client-address';

type TrustFunction = (address: string, hop: number) => boolean;

const JOURNEY_EVENTS_PATH = '/api/journey-events';
// An event with its largest metadata is under 2.5 KB of JSON.
const JOURNEY_BODY_LIMIT = '8kb';
const ACCEPTED = JSON.stringify({ accepted: true });

/**
 * POST /api/journey-events, which every page view and cart change fires: the same origin check,
 * JSON parsing, validation, client address and limits as the controller, without the framework's
 * per-request cost.
 */
export function journeyEventsRoute(app: NestExpressApplication, origins: string[]): HotRoute {
  const events = app.get(JourneyEventsService);
  const validation = createValidationPipe();
  const parseJson = parseJsonBody(JOURNEY_BODY_LIMIT);
  // The app's own 'trust proxy' setting, compiled, so the address is the one req.ip would give.
  const trustProxy = (app.getHttpAdapter().getInstance() as Application).get('trust proxy fn') as TrustFunction;

  async function accept(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<void> {
    try {
      await sendRetryAfter(res, async () => {
        const event = (await validation.transform(req.body, {
          type: 'body',
          metatype: JourneyEventDto,
        })) as JourneyEventDto;
        await events.record(event, addressKey(proxyAddress(req, trustProxy)));
      });
      res.statusCode = 202;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(ACCEPTED);
    } catch (error) {
      replyWithError(res, error);
    }
  }

  return {
    methods: ['POST'],
    path: JOURNEY_EVENTS_PATH,
    handle: (req, res) => {
      if (isCrossSiteWrite(req.method, req.headers, origins)) return replyWithError(res, crossSiteRefusal());
      parseJson(req as Request, res as Response, (parseError?: unknown) => {
        if (parseError) replyWithError(res, parseError);
        else void accept(req, res);
      });
    },
  };
}
