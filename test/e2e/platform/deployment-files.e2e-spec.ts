import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { VARIABLES } from '../../../src/config/variables';

// There is no Docker engine on the build machines, so these files are checked by reading them.
const root = join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const variableNames = Object.keys(VARIABLES);
const requiredInProduction = Object.entries(VARIABLES)
  .filter(([, spec]) => 'requiredInProduction' in spec)
  .map(([name]) => name);

interface ComposeService {
  image?: string;
  profiles?: string[];
  volumes?: string[];
  networks?: Record<string, { aliases?: string[] }>;
  build?: string | { context: string; target?: string };
  entrypoint?: string[];
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
}

interface ScrapeJob {
  job_name: string;
  metrics_path: string;
  authorization?: { type: string; credentials_file?: string };
  dns_sd_configs?: { names: string[]; type: string; port: number }[];
}

/** Each scrape job of deploy/prometheus.yml as host name and port. */
const scrapeTargets = () =>
  (parse(read('deploy/prometheus.yml')) as { scrape_configs: ScrapeJob[] }).scrape_configs.map((job) => ({
    job,
    targets: (job.dns_sd_configs ?? []).flatMap((sd) => sd.names.map((name) => ({ name, port: sd.port }))),
  }));

/**
 * The monitoring profile's Prometheus: it mounts deploy/prometheus.yml where it reads its
 * configuration, and writes METRICS_TOKEN to the file the scrape jobs send as their bearer token.
 */
function expectPrometheusService(services: Record<string, ComposeService>): void {
  const prometheus = services.prometheus;
  expect(prometheus.profiles).toEqual(['monitoring']);
  expect(prometheus.image).toMatch(/^prom\/prometheus/);
  const mount = prometheus.volumes!.find((volume) => volume.startsWith('./deploy/prometheus.yml:'))!;
  const configPath = mount.split(':')[1];
  const start = prometheus.command!.join(' ');
  expect(start).toContain(`--config.file=${configPath}`);
  expect(prometheus.environment!.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
  for (const { job } of scrapeTargets()) {
    expect(job.authorization?.type).toBe('Bearer');
    expect(start).toContain(`"$$METRICS_TOKEN" > ${job.authorization!.credentials_file} && exec /bin/prometheus`);
  }
}

const composeServices = (file = 'docker-compose.prod.yml') =>
  (parse(read(file), { merge: true }) as { services: Record<string, ComposeService> }).services;
const packageScripts = () => (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** `docker compose` where the plugin exists, else the standalone docker-compose (Debian's package). */
function composeCommand(): string[] {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  return ['docker-compose'];
}

/** Runs `config` over a compose file as Docker would read it, with only the given variables set. */
function composeConfig(file: string, variables: Record<string, string>) {
  const [command, ...args] = composeCommand();
  // An empty env file, so a developer's own .env cannot make the check pass or fail.
  const envFile = join(mkdtempSync(join(tmpdir(), 'compose-')), '.env');
  writeFileSync(envFile, '');
  return spawnSync(command, [...args, '--env-file', envFile, '-f', file, 'config', '-q'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...variables },
    encoding: 'utf8',
  });
}

describe('compose files, as docker compose reads them', () => {
  const productionSecrets = {
    PUBLIC_URL: 'https://store.example',
    POSTGRES_PASSWORD: 'postgres-secret',
    SESSION_SECRET: 's'.repeat(40),
    ADMIN_PASSWORD: 'a'.repeat(20),
    SMTP_URL: 'smtp://mail.example:587',
    MAIL_FROM: 'store@store.example',
    SUPPORT_PHONE: '+1 555 0100',
    SUPPORT_EMAIL: 'help@store.example',
    S3_SECRET_ACCESS_KEY: 'minio-secret',
  };

  it('accepts docker-compose.yml with nothing set', () => {
    const result = composeConfig('docker-compose.yml', {});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('accepts docker-compose.prod.yml with its secrets set', () => {
    const result = composeConfig('docker-compose.prod.yml', productionSecrets);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses docker-compose.prod.yml without its secrets, naming the one missing', () => {
    const { POSTGRES_PASSWORD: _unset, ...rest } = productionSecrets;
    const result = composeConfig('docker-compose.prod.yml', rest);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set POSTGRES_PASSWORD');
  });

  it.each(['docker-compose.yml', 'docker-compose.prod.yml'])('accepts %s with its monitoring profile', (file) => {
    const [command, ...args] = composeCommand();
    const envFile = join(mkdtempSync(join(tmpdir(), 'compose-')), '.env');
    writeFileSync(envFile, '');
    const result = spawnSync(
      command,
      [...args, '--env-file', envFile, '-f', file, '--profile', 'monitoring', 'config', '--services'],
      { cwd: root, env: { PATH: process.env.PATH, ...productionSecrets }, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toContain('prometheus');
  });

  it('finds a compose implementation to check with', () => {
    const [command, ...args] = composeCommand();
    expect(() => execFileSync(command, [...args, 'version'], { stdio: 'ignore' })).not.toThrow();
  });
});

describe('docker-compose.yml (development)', () => {
  const services = composeServices('docker-compose.yml');
  const store = services.store;

  it('runs postgres, redis, MinIO with its bucket step and the store with its local stand-ins', () => {
    expect(Object.keys(services).sort()).toEqual(['minio', 'minio-bucket', 'postgres', 'prometheus', 'redis', 'store']);
    expect(store.environment!.NODE_ENV).toBe('development');
    expect(store.command).toEqual(['node', 'dist/src/local.js']);
    expect(packageScripts().start).toBe('node dist/src/local.js');
  });

  it('builds the development image, which keeps the stand-ins, and serves it at localhost:3000', () => {
    expect(store.build).toEqual({ context: '.', target: 'dev' });
    expect(read('Dockerfile')).toMatch(/^FROM \S+ AS dev$/m);
    expect(store.ports).toEqual(['3000:3000']);
    expect(store.environment!.PUBLIC_URL).toBeUndefined();
  });

  it('sets only known variables, no secret the store must be given, and points it at the compose services', () => {
    const env = store.environment!;
    expect(Object.keys(env).filter((key) => !variableNames.includes(key))).toEqual([]);
    for (const name of ['SESSION_SECRET', 'ADMIN_PASSWORD', 'SMTP_URL', 'STRIPE_SECRET_KEY']) {
      expect(env[name]).toBeUndefined();
    }
    expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\/county_store$/);
    expect(new URL(env.S3_ENDPOINT).host).toBe('minio:9000');
    expect(env.S3_SECRET_ACCESS_KEY).toBe(services.minio.environment!.MINIO_ROOT_PASSWORD);
    expect(store.depends_on?.['minio-bucket'].condition).toBe('service_completed_successfully');
    expect(store.depends_on?.postgres.condition).toBe('service_healthy');
  });

  it('runs PostgreSQL with PostGIS, which the parcel store needs', () => {
    expect(services.postgres.image).toMatch(/^postgis\/postgis:15-/);
  });
});

describe('monitoring (profile monitoring, deploy/prometheus.yml)', () => {
  it('scrapes the API on PORT and the worker on WORKER_METRICS_PORT, at /metrics', () => {
    const jobs = scrapeTargets();
    expect(jobs.map(({ job }) => job.job_name).sort()).toEqual(['store-api', 'store-worker']);
    for (const { job } of jobs) expect(job.metrics_path).toBe('/metrics');
  });

  it('runs Prometheus in docker-compose.yml, whose store answers to the names it scrapes on both ports', () => {
    const services = composeServices('docker-compose.yml');
    expectPrometheusService(services);
    const aliases = services.store.networks?.default.aliases ?? [];
    const ports = [Number(services.store.environment!.PORT), Number(services.store.environment!.WORKER_METRICS_PORT)];
    for (const { name, port } of scrapeTargets().flatMap(({ targets }) => targets)) {
      expect({ name, known: aliases.includes(name), port: ports.includes(port) }).toEqual({
        name,
        known: true,
        port: true,
      });
    }
  });

  it('runs Prometheus in docker-compose.prod.yml, scraping the api and worker services on their ports', () => {
    const services = composeServices();
    expectPrometheusService(services);
    const jobs = Object.fromEntries(scrapeTargets().map(({ job, targets }) => [job.job_name, targets]));
    expect(jobs['store-api']).toEqual([{ name: 'api', port: Number(services.api.environment!.PORT) }]);
    expect(jobs['store-worker']).toEqual([
      { name: 'worker', port: Number(services.worker.environment!.WORKER_METRICS_PORT) },
    ]);
    // The token reaches the store and Prometheus alike; Prometheus itself is published on this host only.
    expect(services.api.environment!.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
    expect(services.prometheus.ports).toEqual(['127.0.0.1:9090:9090']);
  });
});

describe('docker-compose.prod.yml', () => {
  const services = composeServices();

  it('runs postgres, redis, MinIO with its bucket step, a migration step, the api and the worker', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'migrate',
      'minio',
      'minio-bucket',
      'postgres',
      'postgres-replica',
      'prometheus',
      'redis',
      'worker',
    ]);
  });

  it('runs PostgreSQL with PostGIS, which the parcel store needs', () => {
    expect(services.postgres.image).toMatch(/^postgis\/postgis:15-/);
  });

  it('reads parcels from a streaming replica of PostgreSQL, which the primary lets replicate', () => {
    const replica = services['postgres-replica'];
    expect(replica.image).toBe(services.postgres.image);
    const start = (replica.command ?? []).join('\n');
    expect(start).toMatch(/pg_basebackup -h postgres -U store .*-X stream -R/);
    expect(start).toContain('hot_standby=on');
    expect(services.postgres.volumes).toContain(
      './deploy/postgres/allow-replication.sh:/docker-entrypoint-initdb.d/allow-replication.sh:ro',
    );
    expect(read('deploy/postgres/allow-replication.sh')).toContain(
      'host replication ${POSTGRES_USER} all scram-sha-256',
    );
    expect(services.api.environment?.PARCELS_DATABASE_URL).toMatch(/@postgres-replica:5432\/county_store$/);
    expect(services.api.depends_on?.['postgres-replica'].condition).toBe('service_healthy');
  });

  it('keeps the dataset files in the MinIO bucket the one-shot step makes, for the api and the worker alike', () => {
    const bucketStep = services['minio-bucket'];
    expect(bucketStep.depends_on?.minio.condition).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      const env = services[name].environment!;
      const [, bucket] = /^s3:\/\/([^/]+)/.exec(env.STORAGE_URL)!;
      expect(bucketStep.command?.join(' ')).toContain(`mc mb --ignore-existing store/${bucket}`);
      expect(new URL(env.S3_ENDPOINT).host).toBe('minio:9000');
      expect(env.S3_FORCE_PATH_STYLE).toBe('true');
      // The bucket's keys are MinIO's own: one pair of variables for both sides.
      expect(env.S3_ACCESS_KEY_ID).toBe(services.minio.environment!.MINIO_ROOT_USER);
      expect(env.S3_SECRET_ACCESS_KEY).toBe(services.minio.environment!.MINIO_ROOT_PASSWORD);
      // Presigned links name an address buyers reach: MinIO's published port, not the compose network's name.
      expect(services.minio.ports).toEqual(['9000:9000']);
      expect(env.S3_PUBLIC_ENDPOINT).toMatch(/^\$\{S3_PUBLIC_ENDPOINT:-http:\/\/localhost:9000\}$/);
      expect(services[name].depends_on?.['minio-bucket'].condition).toBe('service_completed_successfully');
      expect(env.DATA_DIR).toBeUndefined();
    }
  });

  it('builds one image and runs each role from it with its entry point', () => {
    const image = services.migrate.image;
    expect(services.migrate.build).toBe('.');
    expect(services.api.image).toBe(image);
    expect(services.worker.image).toBe(image);
    expect(services.api.command?.join(' ')).toBe(packageScripts()['start:api']);
    expect(services.worker.command?.join(' ')).toBe(packageScripts()['start:worker']);
    expect(services.migrate.command).toEqual(['node', 'dist/src/database/migrate.js']);
  });

  it.each(['api', 'worker', 'migrate'])(
    'gives the %s every variable production requires, and no unknown one',
    (name) => {
      const env = services[name].environment ?? {};
      expect(Object.keys(env)).toEqual(expect.arrayContaining(requiredInProduction));
      expect(Object.keys(env).filter((key) => !variableNames.includes(key))).toEqual([]);
      expect(env.NODE_ENV).toBe('production');
    },
  );

  it('publishes the API on its configured port and points it at the compose services', () => {
    const env = services.api.environment!;
    expect(services.api.ports).toEqual([`${env.PORT}:${env.PORT}`]);
    expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\/county_store$/);
  });

  it('keeps Redis durable and never evicts queued jobs', () => {
    const command = services.redis.command!.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('starts the api and worker only after migrations have succeeded', () => {
    for (const name of ['api', 'worker']) {
      expect(services[name].depends_on?.migrate.condition).toBe('service_completed_successfully');
    }
    expect(services.migrate.depends_on?.postgres.condition).toBe('service_healthy');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in stages and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    const user = /^USER (\S+)/m.exec(dockerfile)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('starts the API with the same command as npm run start:api and docker compose, heap bounds included', () => {
    const startApi = packageScripts()['start:api'];
    const cmd = JSON.parse([...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].pop()![1]) as string[];
    expect(cmd.join(' ')).toBe(startApi);
    expect(startApi).toMatch(/--max-old-space-size=\d+ .*dist\/src\/main\.js$/);
    expect(composeServices().api.command).toEqual(cmd);
  });

  it('starts the worker as npm run start:worker does, its heap bounded as the API’s and kept small over fast', () => {
    const startWorker = packageScripts()['start:worker'];
    expect(startWorker).toMatch(/--max-old-space-size=\d+ .*--optimize-for-size dist\/src\/worker\.js$/);
    expect(composeServices().worker.command?.join(' ')).toBe(startWorker);
  });

  it('leaves the development stand-ins (dist/src/dev) out of the runtime image', () => {
    const stages = dockerfile.split(/^(?=FROM )/m).filter((stage) => stage.startsWith('FROM '));
    const runtime = stages[stages.length - 1];
    const distFrom = /^COPY --from=(\S+) .*\/app\/dist \.\/dist$/m.exec(runtime)?.[1];
    const source = stages.find((stage) => new RegExp(`^FROM \\S+ AS ${distFrom}$`, 'm').test(stage));
    const buildRun = source?.match(/^RUN .*$/gm)?.find((line) => line.includes('npm run build'));
    // Removed after the build, in the stage the runtime image copies dist from: no layer of the image holds it.
    expect(buildRun).toMatch(/npm run build .*&& rm -rf dist\/src\/dev$/);
    expect(runtime).not.toMatch(/src\/dev/);
  });

  it('installs GDAL (gdal-bin) in the runtime and development images: the worker converts county files with ogr2ogr', () => {
    const stages = dockerfile.split(/^(?=FROM )/m).filter((stage) => stage.startsWith('FROM '));
    const runtime = stages[stages.length - 1];
    const dev = stages.find((stage) => / AS dev\n/.test(stage))!;
    for (const stage of [runtime, dev]) {
      expect(stage).toMatch(/^RUN apt-get update \\\n\s+&& apt-get install -y --no-install-recommends gdal-bin/m);
    }
    // Installed before the image drops to its unprivileged user.
    expect(runtime.indexOf('gdal-bin')).toBeLessThan(runtime.indexOf('\nUSER '));
  });

  it('exposes the default port and checks health through /api/health', () => {
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${VARIABLES.PORT.localDefault}$`, 'm'));
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
  });
});

describe('.env.example', () => {
  it('documents every configuration variable and nothing else', () => {
    const listed = read('.env.example')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]);
    expect(listed.sort()).toEqual([...variableNames].sort());
  });
});

describe('Configuration page', () => {
  it('has a row for every variable', () => {
    const page = read('docs/configuration.md');
    for (const name of variableNames) expect(page).toContain(`| \`${name}\` |`);
  });
});
