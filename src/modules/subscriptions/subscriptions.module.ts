import { Module } from '@nestjs/common';
import { SubscriptionsRepository } from './subscriptions.repository';

@Module({ providers: [SubscriptionsRepository], exports: [SubscriptionsRepository] })
export class SubscriptionsModule {}
