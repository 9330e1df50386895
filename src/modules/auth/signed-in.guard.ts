import { CanActivate, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import './session.types';

/** Lets a request through only with a signed-in customer's session; otherwise 401 "Unauthorized". */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.session?.userId) throw new UnauthorizedException('Unauthorized');
    return true;
  }
}

/** The signed-in customer's id (use behind SignedInGuard). */
export const SignedInUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().session.userId!,
);
