import { ApiProperty } from '@nestjs/swagger';
import { AnnualPlan, CART_LIMIT, Plan, PLANS, PURCHASE_TYPES, PurchaseType } from '../../../contracts/plans';

/** A plan as src/contracts/plans.ts defines it; prices in cents, and in dollars for display. */
export class PlanDto implements Plan {
  @ApiProperty({ enum: PURCHASE_TYPES })
  type: PurchaseType;

  @ApiProperty({ example: PLANS.oneTime.name })
  name: string;

  @ApiProperty({ example: PLANS.oneTime.priceCents, description: 'Cents' })
  priceCents: number;

  @ApiProperty({ example: PLANS.oneTime.price, description: 'Dollars, for display' })
  price: number;

  @ApiProperty({ example: PLANS.oneTime.summary })
  summary: string;

  @ApiProperty()
  description: string;
}

/** The plan that renews every year, with its monthly equivalent and what it delivers. */
export class AnnualPlanDto extends PlanDto implements AnnualPlan {
  @ApiProperty({ example: PLANS.annual.monthlyEquivalentCents, description: 'Cents' })
  monthlyEquivalentCents: number;

  @ApiProperty({ example: PLANS.annual.monthlyEquivalent, description: 'Dollars, for display' })
  monthlyEquivalent: number;

  @ApiProperty({ enum: [true], description: 'The plan the store shows as popular' })
  popular: true;

  @ApiProperty({ example: PLANS.annual.savings })
  savings: string;

  @ApiProperty({ example: PLANS.annual.deliveries, description: 'Monthly deliveries a year of the plan includes' })
  deliveries: number;

  @ApiProperty({ example: PLANS.annual.parcelService, description: 'What the plan answers beyond its files' })
  parcelService: string;
}

/** GET /api/plans: both plans and the largest cart. */
export class PlansDto {
  @ApiProperty({ type: PlanDto })
  oneTime: PlanDto;

  @ApiProperty({ type: AnnualPlanDto })
  annual: AnnualPlanDto;

  @ApiProperty({ example: CART_LIMIT, description: 'The most counties one checkout may hold' })
  cartLimit: number;
}
