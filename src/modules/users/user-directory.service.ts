import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageRequest } from '../../common/list-page';
import { type UserListCriteria, UserListRepository, type UserListRow } from './user-list.repository';
import { UsersRepository } from './users.repository';

/** The store's accounts as staff look them up: counted, listed, searched, and one read whole. */
@Injectable()
export class UserDirectory {
  constructor(
    private readonly users: UsersRepository,
    private readonly list: UserListRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  count(): Promise<number> {
    return this.users.count();
  }

  /** One account's email and name, or null when no account has this id. */
  profile(userId: string) {
    return this.users.findProfile(this.db.manager, userId);
  }

  /** One page of the accounts that match, each with their subscriptions, and how many match in all. */
  page(criteria: UserListCriteria, page: PageRequest): Promise<{ rows: UserListRow[]; total: number }> {
    return this.list.page(criteria, page);
  }

  /** Every account that matches, in the list's order, a batch at a time. */
  each(criteria: UserListCriteria, batchSize: number): AsyncGenerator<UserListRow[]> {
    return this.list.each(criteria, batchSize);
  }
}
