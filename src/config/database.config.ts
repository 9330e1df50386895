import { registerAs } from '@nestjs/config';
import { readEnvironment } from './environment';

export const databaseConfig = registerAs('database', () => ({
  url: readEnvironment().DATABASE_URL as string,
}));
