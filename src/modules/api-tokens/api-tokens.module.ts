import { Module } from '@nestjs/common';
import { ApiTokenGuard } from './api-token.guard';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';

/** Customers' personal access tokens: the dashboard's list of them, and the guard of the data API. */
@Module({
  controllers: [ApiTokensController],
  providers: [ApiTokensRepository, ApiTokensService, ApiTokenGuard],
  exports: [ApiTokensService, ApiTokenGuard],
})
export class ApiTokensModule {}
