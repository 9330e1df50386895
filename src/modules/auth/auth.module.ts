import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { OidcClient } from './oidc-client.service';
import { SessionMiddleware } from './session.middleware';
import { SignedInGuard } from './signed-in.guard';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [OidcClient, SessionMiddleware, SignedInGuard],
  exports: [OidcClient, SessionMiddleware, SignedInGuard],
})
export class AuthModule {}
