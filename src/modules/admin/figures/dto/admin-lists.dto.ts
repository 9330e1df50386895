import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { centsToDollars } from '../../../../common/money';
import { trimmed } from '../../../../common/validation';
import { PURCHASE_TYPES, type PurchaseType } from '../../../../contracts/plans';
import {
  SUBSCRIPTION_SORT_KEYS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionListRow,
  type SubscriptionSortKey,
  type SubscriptionStatus,
} from '../../../subscriptions';
import { AdminListPageDto, MAX_PAGE, MAX_PAGE_SIZE, PageNumber, wholeNumber } from '../../dto/staff-list-page.dto';
import { USER_ACTIVITIES, USER_SORT_KEYS, type UserActivity, type UserListRow, type UserSortKey } from '../../../users';

const MAX_SEARCH_LENGTH = 100;
/** The directions antd's Table reports a column's sort in, so the console passes them on as they come. */
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const words = (values: readonly string[]) => values.join(', ');

/** "active,expired" (or the parameter repeated) becomes a list; anything else stays for the validator. */
const commaList = ({ value }: TransformFnParams): unknown => {
  const parts: unknown = typeof value === 'string' ? [value] : value;
  return Array.isArray(parts) && parts.every((part): part is string => typeof part === 'string')
    ? parts.flatMap((part) => part.split(',').map((one) => one.trim()))
    : (value as unknown);
};

/** A sort direction, which only means something with a column to sort by. */
function OrderOfSort() {
  return ValidateBy({
    name: 'orderOfSort',
    validator: {
      validate: (value: unknown, args) =>
        SORT_ORDERS.includes(value as SortOrder) && (args?.object as { sort?: unknown }).sort !== undefined,
      defaultMessage: (args) =>
        SORT_ORDERS.includes(args?.value as SortOrder)
          ? 'order goes with sort: name the column to sort by'
          : `order must be one of: ${words(SORT_ORDERS)}`,
    },
  });
}

/** What both staff lists take: paging, a column to sort by, and a search. */
abstract class AdminListQueryDto<SortKey extends string> {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_PAGE,
    example: 1,
    description:
      'With pageSize, the answer is this page of the list ({items, total, page, pageSize}); without both, every row',
  })
  @ValidateIf((query: AdminListQueryDto<SortKey>) => query.page !== undefined || query.pageSize !== undefined)
  @Transform(wholeNumber)
  @PageNumber('page', MAX_PAGE)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, example: 20, description: 'Rows per page' })
  @ValidateIf((query: AdminListQueryDto<SortKey>) => query.page !== undefined || query.pageSize !== undefined)
  @Transform(wholeNumber)
  @PageNumber('pageSize', MAX_PAGE_SIZE)
  pageSize?: number;

  abstract sort?: SortKey;

  @ApiPropertyOptional({ enum: SORT_ORDERS, description: 'Direction of sort; ascend when left out' })
  @IsOptional()
  @OrderOfSort()
  order?: SortOrder;

  @ApiPropertyOptional({ maxLength: MAX_SEARCH_LENGTH, description: 'Text to look for, case-insensitively' })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @Transform(trimmed)
  @MaxLength(MAX_SEARCH_LENGTH, { message: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'q cannot hold control characters' })
  q?: string;
}

export class AdminSubscriptionsQueryDto extends AdminListQueryDto<SubscriptionSortKey> {
  @ApiPropertyOptional({
    enum: SUBSCRIPTION_SORT_KEYS,
    description: 'Column to sort by; without one, newest first. Ties: newest first in the direction of sort',
  })
  @IsOptional()
  @IsIn(SUBSCRIPTION_SORT_KEYS, { message: `sort must be one of: ${words(SUBSCRIPTION_SORT_KEYS)}` })
  sort?: SubscriptionSortKey;

  @ApiPropertyOptional({
    description: `Only these statuses, comma-separated: ${words(SUBSCRIPTION_STATUSES)}`,
    example: 'active,expired',
    type: String,
  })
  @IsOptional()
  @Transform(commaList)
  @IsIn(SUBSCRIPTION_STATUSES, {
    each: true,
    message: `status must be one or more of ${words(SUBSCRIPTION_STATUSES)}, separated by commas`,
  })
  status?: SubscriptionStatus[];
}

export class AdminUsersQueryDto extends AdminListQueryDto<UserSortKey> {
  @ApiPropertyOptional({ enum: USER_SORT_KEYS, description: 'Column to sort by; without one, newest first' })
  @IsOptional()
  @IsIn(USER_SORT_KEYS, { message: `sort must be one of: ${words(USER_SORT_KEYS)}` })
  sort?: UserSortKey;

  @ApiPropertyOptional({
    description: 'active: users with at least one active subscription; inactive: the others. Comma-separated',
    example: 'active',
    type: String,
  })
  @IsOptional()
  @Transform(commaList)
  @IsIn(USER_ACTIVITIES, {
    each: true,
    message: `status must be one or more of ${words(USER_ACTIVITIES)}, separated by commas`,
  })
  status?: UserActivity[];
}

class AdminSubscriptionUserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, nullable: true, example: 'Dana' })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Whitfield' })
  lastName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'dana@example.com' })
  email: string | null;
}

class AdminSubscriptionCountyDto {
  @ApiProperty({ example: 'Harris County' })
  name: string;

  @ApiProperty({ example: 'Texas' })
  state: string;
}

/** One row of the staff subscriptions list. */
export class AdminSubscriptionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: AdminSubscriptionUserDto })
  user: AdminSubscriptionUserDto;

  @ApiProperty({ type: AdminSubscriptionCountyDto, description: 'A removed county keeps its name and state' })
  county: AdminSubscriptionCountyDto;

  @ApiProperty({ enum: PURCHASE_TYPES })
  purchaseType: PurchaseType;

  @ApiProperty({ example: 1200, description: 'Dollars' })
  amount: number;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status: SubscriptionStatus;

  @ApiProperty({ type: String, format: 'date-time' })
  startDate: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'None for County SnapShot' })
  expirationDate: Date | null;

  @ApiProperty()
  autoRenew: boolean;

  static of(row: SubscriptionListRow): AdminSubscriptionDto {
    return {
      id: row.id,
      user: row.user,
      county: row.county,
      purchaseType: row.purchaseType,
      amount: centsToDollars(row.amountCents),
      status: row.status,
      startDate: row.startDate,
      expirationDate: row.expirationDate,
      autoRenew: row.autoRenew,
    };
  }
}

export class AdminSubscriptionPageDto extends AdminListPageDto {
  @ApiProperty({ type: [AdminSubscriptionDto] })
  items: AdminSubscriptionDto[];
}

class AdminUserSubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status: string;

  @ApiProperty({ example: 500, description: 'Dollars' })
  amount: number;
}

/** One row of the staff users list. */
export class AdminUserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, nullable: true })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true })
  lastName: string | null;

  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  @ApiProperty({ type: String, nullable: true })
  profileImageUrl: string | null;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the user joined' })
  createdAt: Date;

  @ApiProperty({ type: [AdminUserSubscriptionDto], description: 'Every subscription, newest first' })
  subscriptions: AdminUserSubscriptionDto[];

  static of(row: UserListRow): AdminUserDto {
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      profileImageUrl: row.profileImageUrl,
      createdAt: row.createdAt,
      subscriptions: row.subscriptions.map((s) => ({ status: s.status, amount: centsToDollars(s.amountCents) })),
    };
  }
}

export class AdminUserPageDto extends AdminListPageDto {
  @ApiProperty({ type: [AdminUserDto] })
  items: AdminUserDto[];
}
