import { registerAs } from '@nestjs/config';
import { readEnvironment } from './environment';

export const adminConfig = registerAs('admin', () => ({
  /** Required in production; entry points generate one for local use when unset. */
  password: readEnvironment().ADMIN_PASSWORD,
}));
