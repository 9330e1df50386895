import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CART_LIMIT, PLANS } from '../../contracts/plans';

@ApiTags('plans')
@Controller('plans')
export class PlansController {
  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'The two plans with their prices (the one source of plan names and prices)' })
  @ApiOkResponse({
    schema: {
      example: {
        oneTime: { type: 'one-time', name: 'County SnapShot', price: 500, priceCents: 50000 },
        annual: { type: 'annual', name: 'County Tracker', price: 1200, monthlyEquivalent: 100, popular: true },
        cartLimit: CART_LIMIT,
      },
    },
  })
  plans() {
    return { ...PLANS, cartLimit: CART_LIMIT };
  }
}
