/** The users module's public API: what other modules may use of it. */
export { User } from './entities/user.entity';
export { UsersModule } from './users.module';
export { UsersRepository } from './users.repository';
