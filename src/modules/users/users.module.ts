import { Module } from '@nestjs/common';
import { UserListRepository } from './user-list.repository';
import { UsersRepository } from './users.repository';

@Module({ providers: [UsersRepository, UserListRepository], exports: [UsersRepository, UserListRepository] })
export class UsersModule {}
