import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CART_LIMIT, PLANS } from '../../contracts/plans';
import { PlansDto } from './dto/plans.dto';

@ApiTags('plans')
@Controller('plans')
export class PlansController {
  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'The two plans with their prices (the one source of plan names and prices)' })
  @ApiOkResponse({ type: PlansDto })
  plans(): PlansDto {
    return { ...PLANS, cartLimit: CART_LIMIT };
  }
}
