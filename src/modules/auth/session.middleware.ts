import { Inject, Injectable, NestMiddleware, OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { appConfig, authConfig } from '../../config';
import './session.types';

export const SESSION_COOKIE = 'cds.sid';
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, secure, sameSite: 'lax' as const, path: '/' };
}

/**
 * Customer sessions in PostgreSQL's `sessions` table, so they survive a
 * restart and work across replicas. The cookie is httpOnly, SameSite=Lax,
 * Secure in production, and rolls: seven days from the last visit.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware, OnModuleDestroy {
  private readonly store: connectPgSimple.PGStore;
  private readonly handler: RequestHandler;

  constructor(
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
    @InjectDataSource() db: DataSource,
  ) {
    const PgStore = connectPgSimple(session);
    this.store = new PgStore({
      pool: (db.driver as PostgresDriver).master as Pool,
      tableName: 'sessions',
      createTableIfMissing: false,
    });
    this.handler = session({
      name: SESSION_COOKIE,
      // express-session signs with the first secret and accepts a cookie signed with any of them.
      secret: auth.sessionSecrets,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: true,
      cookie: { ...sessionCookieOptions(app.production), maxAge: SEVEN_DAYS_MS },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.handler(req, res, next);
  }

  onModuleDestroy(): void {
    this.store.close();
  }
}
