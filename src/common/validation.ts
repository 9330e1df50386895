import {
  BadRequestException,
  ParseUUIDPipe,
  PipeTransform,
  Type,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';

function messages(errors: ValidationError[], path = ''): string[] {
  return errors.flatMap((error) => {
    const at = path ? `${path}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((m) => (path ? `${at}: ${m}` : m));
    return [...own, ...messages(error.children ?? [], at)];
  });
}

/** Every body and query is a DTO; unknown fields are refused, not ignored. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException([...new Set(messages(errors))].join('; ')),
  });
}

/**
 * The query of a link sent by email, as its DTO: the parameters it declares are checked like any
 * DTO's, others are dropped rather than refused, since mail services add their own (utm_…) to
 * the links they carry. Use as `@Query(lenientQuery(Dto)) query: Record<string, unknown>`, typed
 * so that the global pipe, which would refuse them, leaves the query to this one.
 */
export function lenientQuery<T>(dto: Type<T>): PipeTransform<Record<string, unknown>, Promise<T>> {
  const pipe = new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException([...new Set(messages(errors))].join('; ')),
  });
  return { transform: (query) => pipe.transform(query, { type: 'query', metatype: dto }) as Promise<T> };
}

/** A monthly release as written everywhere: YYYY-MM. */
export const RELEASE_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A path parameter that must be a monthly release, refused with a 400 that shows how to write one. */
export function releaseMonthParam(): PipeTransform<string, string> {
  return {
    transform: (value) => {
      if (!RELEASE_MONTH.test(value))
        throw new BadRequestException('The release must be a monthly release as YYYY-MM, for example 2026-11');
      return value;
    },
  };
}

/** A path id that must be a UUID, refused with a 400 that names it ("The county id must be a UUID"). */
export function uuidParam(what: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`The ${what} id must be a UUID`) });
}

/** For @Transform: a string field without its surrounding spaces; anything else as it came, for the validators to refuse. */
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
