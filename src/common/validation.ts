import { BadRequestException, ParseUUIDPipe, ValidationError, ValidationPipe } from '@nestjs/common';

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

/** A path id that must be a UUID, refused with a 400 that names it ("The county id must be a UUID"). */
export function uuidParam(what: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`The ${what} id must be a UUID`) });
}

/** For @Transform: a string field without its surrounding spaces; anything else as it came, for the validators to refuse. */
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
