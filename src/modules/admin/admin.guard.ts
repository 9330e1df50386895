import { CanActivate, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { readCookie } from '../../common/http/cookies';
import { ADMIN_COOKIE, AdminAuthService } from './admin-auth.service';

type AdminRequest = Request & { adminSessionId?: string };

/** Admin routes need a valid, unexpired admin token: `Authorization: Bearer …` or the admin cookie. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly auth: AdminAuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AdminRequest>();
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : readCookie(req, ADMIN_COOKIE);
    const sessionId = await this.auth.sessionFor(token);
    if (!sessionId) throw new UnauthorizedException('Unauthorized');
    req.adminSessionId = sessionId;
    return true;
  }
}

/** The admin session behind this request (use behind AdminGuard). */
export const AdminSessionId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<AdminRequest>().adminSessionId!,
);
