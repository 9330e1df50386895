import { Module } from '@nestjs/common';
import { UserDirectory } from './user-directory.service';
import { UserListRepository } from './user-list.repository';
import { UsersRepository } from './users.repository';

@Module({ providers: [UsersRepository, UserListRepository, UserDirectory], exports: [UsersRepository, UserDirectory] })
export class UsersModule {}
