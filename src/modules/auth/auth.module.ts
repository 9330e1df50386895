import { Module } from '@nestjs/common';
import { devOidcProvider } from '../../integrations/oidc/dev-oidc-provider.provider';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { CALLBACK_PATH, OidcClient } from './oidc-client.service';
import { SessionMiddleware } from './session.middleware';
import { SignedInGuard } from './signed-in.guard';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [devOidcProvider(CALLBACK_PATH), OidcClient, SessionMiddleware, SignedInGuard],
  exports: [OidcClient, SessionMiddleware, SignedInGuard],
})
export class AuthModule {}
