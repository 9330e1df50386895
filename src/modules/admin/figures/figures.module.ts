import { Module } from '@nestjs/common';
import { JourneyModule } from '../../journey';
import { PaymentsModule } from '../../payments';
import { SubscriptionsModule } from '../../subscriptions';
import { UsersModule } from '../../users';
import { AdminFiguresService } from './admin-figures.service';

/** The business figures on the dashboard and the staff lists of subscriptions and users. */
@Module({
  imports: [JourneyModule, PaymentsModule, SubscriptionsModule, UsersModule],
  providers: [AdminFiguresService],
  exports: [AdminFiguresService],
})
export class FiguresModule {}
