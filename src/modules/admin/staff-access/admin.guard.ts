import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { readCookie } from '../../../common/http/cookies';
import { ADMIN_COOKIE, AdminAuthService } from './admin-auth.service';
import { STAFF_ROLE_KEY, type StaffRole } from './staff-role';

type AdminRequest = Request & { adminSessionId?: string; staffRole?: StaffRole };

/** Why a support session is refused an admin route: what it can do instead, and whom to ask. */
export const ADMIN_ONLY_MESSAGE =
  'This needs the admin role. Your staff role is support: you can read everything, resend emails and ' +
  'make order-page links. Ask an admin to do this.';

/**
 * Admin routes need a valid, unexpired admin token (`Authorization: Bearer …` or the admin cookie) whose
 * role reaches the route's (StaffRoleRequired). A route that declares none is admin-only: default deny.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AdminRequest>();
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : readCookie(req, ADMIN_COOKIE);
    const session = await this.auth.sessionFor(token);
    if (!session) throw new UnauthorizedException('Unauthorized');
    if ('ended' in session) throw new UnauthorizedException(session.ended);
    const required =
      this.reflector.getAllAndOverride<StaffRole | undefined>(STAFF_ROLE_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'admin';
    if (required === 'admin' && session.role !== 'admin') throw new ForbiddenException(ADMIN_ONLY_MESSAGE);
    req.adminSessionId = session.id;
    req.staffRole = session.role;
    return true;
  }
}

/** The admin session behind this request (use behind AdminGuard). */
export const AdminSessionId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<AdminRequest>().adminSessionId!,
);

/** The role of the admin session behind this request (use behind AdminGuard). */
export const AdminStaffRole = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffRole =>
    context.switchToHttp().getRequest<AdminRequest>().staffRole!,
);
