/** The users module's public API: what other modules may use of it. */
export { User } from './entities/user.entity';
export { displayNameSql } from './user-display-name';
export { UserDirectory } from './user-directory.service';
export { UsersModule } from './users.module';
export { UsersRepository } from './users.repository';
export { USER_ACTIVITIES, USER_SORT_KEYS } from './user-list.repository';
export type { UserActivity, UserListCriteria, UserListRow, UserSortKey } from './user-list.repository';
