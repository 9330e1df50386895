import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminAuthService } from './admin-auth.service';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminGuard } from './admin.guard';
import { StaffSignIn } from './staff-sign-in.service';

/** Who may use the console: staff sign-in (named or break-glass), their sessions and roles, and the guard. */
@Module({
  imports: [AuditModule],
  providers: [AdminAuthService, AdminGuard, AdminSessionsRepository, StaffSignIn],
  exports: [AdminAuthService, AdminGuard, AdminSessionsRepository, StaffSignIn],
})
export class StaffAccessModule {}
