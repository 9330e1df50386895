import { registerAs } from '@nestjs/config';
import { readEnvironment } from './environment';

export const redisConfig = registerAs('redis', () => {
  const env = readEnvironment();
  return {
    url: env.REDIS_URL as string,
    keyPrefix: env.REDIS_KEY_PREFIX ?? 'cds',
  };
});
