import { Module } from '@nestjs/common';
import { OrdersRepository } from './orders.repository';

/** Orders and their items: what each checkout bought, at what price, and where its payment stands. */
@Module({ providers: [OrdersRepository], exports: [OrdersRepository] })
export class OrdersModule {}
