import { ApiProperty } from '@nestjs/swagger';
import type { TransformFnParams } from 'class-transformer';
import { ValidateBy } from 'class-validator';

// How the staff lists (subscriptions, users, the audit log) are paged: the limits, the checks, the answer's frame.

export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1_000_000;

/** Digits become a number; anything else stays as it came, for the validator to refuse with its message. */
export const wholeNumber = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

const PAIRED = 'page and pageSize go together: give both for one page of the list, or neither for all of it';

/** A page number or size: a whole number in range, and never one without the other. */
export function PageNumber(field: 'page' | 'pageSize', max: number) {
  return ValidateBy({
    name: 'pageNumber',
    validator: {
      validate: (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max,
      defaultMessage: (args) =>
        args?.value === undefined ? PAIRED : `${field} must be a whole number from 1 to ${max.toLocaleString('en-US')}`,
    },
  });
}

export class AdminListPageDto {
  @ApiProperty({ example: 1342, description: 'Rows matching the search and filter, on every page' })
  total: number;

  @ApiProperty({ example: 1 })
  page: number;

  @ApiProperty({ example: 20 })
  pageSize: number;
}
