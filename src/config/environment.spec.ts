import { ConfigError, readEnvironment } from './environment';
import { VARIABLES } from './variables';
import { PRODUCTION_ENVIRONMENT } from '../../test/support/production-environment';

describe('readEnvironment', () => {
  it('runs locally on defaults alone', () => {
    const env = readEnvironment({});
    expect(env.PORT).toBe('3000');
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/county_store');
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it('points the local PUBLIC_URL at the port the store listens on', () => {
    expect(readEnvironment({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readEnvironment({ PORT: '3999' }).PUBLIC_URL).toBe('http://localhost:3999');
    expect(readEnvironment({ PORT: '3999', PUBLIC_URL: 'https://store.example' }).PUBLIC_URL).toBe(
      'https://store.example',
    );
  });

  it('accepts a complete production configuration', () => {
    expect(readEnvironment(PRODUCTION_ENVIRONMENT).DATABASE_URL).toBe(PRODUCTION_ENVIRONMENT.DATABASE_URL);
  });

  it.each(
    Object.entries(VARIABLES)
      .filter(([, spec]) => 'requiredInProduction' in spec)
      .map(([name]) => name),
  )('refuses to start in production without %s, naming it', (name) => {
    const env: Record<string, string> = { ...PRODUCTION_ENVIRONMENT };
    delete env[name];
    expect(() => readEnvironment(env)).toThrow(new RegExp(`^${name} is required in production`));
  });

  it.each(['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'])(
    'requires %s in production once Stripe is on',
    (name) => {
      const stripe: Record<string, string> = {
        STRIPE_SECRET_KEY: `sk_live_${'x'.repeat(30)}`,
        STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(30)}`,
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      };
      delete stripe[name];
      expect(() => readEnvironment({ ...PRODUCTION_ENVIRONMENT, ...stripe })).toThrow(
        `${name} is required in production when STRIPE_SECRET_KEY is set`,
      );
    },
  );

  describe('Stripe in production', () => {
    const live = {
      STRIPE_SECRET_KEY: `sk_live_${'x'.repeat(30)}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(30)}`,
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    };

    it('runs on live keys and Stripe itself', () => {
      expect(readEnvironment({ ...PRODUCTION_ENVIRONMENT, ...live }).STRIPE_SECRET_KEY).toBe(live.STRIPE_SECRET_KEY);
    });

    it.each([
      ['STRIPE_SECRET_KEY', `sk_test_${'x'.repeat(30)}`, 'STRIPE_SECRET_KEY is a test-mode key'],
      ['STRIPE_SECRET_KEY', `rk_test_${'x'.repeat(30)}`, 'STRIPE_SECRET_KEY is a test-mode key'],
      ['STRIPE_PUBLISHABLE_KEY', 'pk_test_x', 'STRIPE_PUBLISHABLE_KEY is a test-mode key'],
      ['STRIPE_API_URL', 'http://stripe-mock:12111', 'STRIPE_API_URL points Stripe calls away from Stripe'],
    ])('refuses %s=%s unless test mode is allowed', (name, value, message) => {
      const env = { ...PRODUCTION_ENVIRONMENT, ...live, [name]: value };
      expect(() => readEnvironment(env)).toThrow(message);
      expect(() => readEnvironment(env)).toThrow('set STRIPE_ALLOW_TEST_MODE=true for a staging deployment');
      expect(readEnvironment({ ...env, STRIPE_ALLOW_TEST_MODE: 'true' })[name as 'STRIPE_API_URL']).toBe(value);
    });

    it('takes test keys outside production', () => {
      expect(readEnvironment({ STRIPE_SECRET_KEY: `sk_test_${'x'.repeat(30)}` }).STRIPE_SECRET_KEY).toMatch(
        /^sk_test_/,
      );
    });
  });

  it('requires an https MAP_STYLE_URL in production, and takes http locally', () => {
    expect(() =>
      readEnvironment({ ...PRODUCTION_ENVIRONMENT, MAP_STYLE_URL: 'http://tiles.example.com/style.json' }),
    ).toThrow('MAP_STYLE_URL must be an https:// URL in production');
    const https = 'https://tiles.example.com/style.json';
    expect(readEnvironment({ ...PRODUCTION_ENVIRONMENT, MAP_STYLE_URL: https }).MAP_STYLE_URL).toBe(https);
    expect(readEnvironment({ MAP_STYLE_URL: 'http://localhost:8080/style.json' }).MAP_STYLE_URL).toBe(
      'http://localhost:8080/style.json',
    );
  });

  it.each(['1', '2', '10.0.0.1', '10.0.0.0/8, 192.168.1.7', 'loopback, 2001:db8::/32', 'uniquelocal'])(
    'takes TRUSTED_PROXIES=%s',
    (value) => {
      expect(readEnvironment({ TRUSTED_PROXIES: value }).TRUSTED_PROXIES).toBe(value);
    },
  );

  it.each([
    ['DATABASE_URL', 'mysql://db/county_store', 'DATABASE_URL must be a postgres:// URL that names a database'],
    ['DATABASE_URL', 'postgres://db:5432', 'DATABASE_URL must be a postgres:// URL that names a database'],
    ['PORT', '70000', 'PORT must be a port number from 1 to 65535'],
    ['WORKER_METRICS_PORT', '9464x', 'WORKER_METRICS_PORT must be a port number from 1 to 65535, or 0'],
    ['METRICS_TOKEN', 'short', 'METRICS_TOKEN must be at least 32 characters'],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL must be a redis:// or rediss:// URL'],
    ['SESSION_SECRET', 'short', 'SESSION_SECRET must be at least 32 characters'],
    ['SUPPORT_EMAIL', 'not-an-address', 'SUPPORT_EMAIL must be an email address'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['DATASET_UPLOAD_MAX_BYTES', '2GB', 'DATASET_UPLOAD_MAX_BYTES must be a whole number of bytes'],
    ['RELEASE_FILE_MAX_UNZIPPED_BYTES', '1TB', 'RELEASE_FILE_MAX_UNZIPPED_BYTES must be a whole number of bytes'],
    ['OGR2OGR_TIMEOUT_SECONDS', '2h', 'OGR2OGR_TIMEOUT_SECONDS must be a whole number of seconds, at least 1'],
    ['OGR2OGR_TIMEOUT_SECONDS', '0', 'OGR2OGR_TIMEOUT_SECONDS must be a whole number of seconds, at least 1'],
    ['STRIPE_ALLOW_TEST_MODE', 'yes', 'STRIPE_ALLOW_TEST_MODE must be true or false'],
    ['TRUSTED_PROXIES', 'everyone', 'TRUSTED_PROXIES must be a hop count or a comma-separated list'],
    ['TRUSTED_PROXIES', '10.0.0.0/33', '("10.0.0.0/33" is neither)'],
  ])('names %s when it is malformed', (name, value, message) => {
    let error: unknown;
    try {
      readEnvironment({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
