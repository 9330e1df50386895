import { registerAs } from '@nestjs/config';
import { readEnvironment } from './environment';

export const databaseConfig = registerAs('database', () => {
  const env = readEnvironment();
  return {
    url: env.DATABASE_URL as string,
    /** Where parcel lookups and tiles read (a replica, or the database itself). */
    parcelsUrl: (env.PARCELS_DATABASE_URL ?? env.DATABASE_URL) as string,
  };
});
