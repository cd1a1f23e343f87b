import fs from 'node:fs';
import path from 'node:path';

/** Everything the server reads from the environment, validated and typed. The one reader of process.env. */
export interface Config {
  /** `production` serves the built site; `test` lowers the password cost. */
  nodeEnv: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** Folder for the embedded database (PGlite), media and the process lock. */
  dataDir: string;
  /** When set, PostgreSQL through node-postgres; otherwise PGlite in `dataDir/pgdata`. */
  databaseUrl: string | null;
  /** How long the server and the CLI wait for PostgreSQL at start (DB_WAIT_SECONDS, 30). */
  dbWaitSeconds: number;
  /** PostgreSQL connections per process for queries (DB_POOL_MAX, 20; the job queue holds 4 more). */
  dbPoolMax: number;
  /**
   * When set, every process shares through this Redis: live rooms (socket.io's adapter), rate limits and login
   * throttles, and site changes (settings, countries, content: every page cache is emptied).
   */
  redisUrl: string | null;
  /** How many processes `npm start` runs on this machine (WEB_CONCURRENCY, 1; needs DATABASE_URL and REDIS_URL above 1). */
  webConcurrency: number;
  /** On SIGTERM: how long the process keeps serving, answering 503 on /api/ready, before it stops (DRAIN_SECONDS, 0). */
  drainSeconds: number;
  /** `demo` seeds the demo catalogue and accounts on first run; `none` seeds only the site settings. */
  seed: 'demo' | 'none';
  /** The demo admin's password for the first seed; null: a random one, printed once and kept in DATA_DIR/demo-logins.txt. */
  demoAdminPassword: string | null;
  /** The demo catalogue's videos are repeated this many times (benchmarks and 'more' tests want longer lists). */
  seedScale: number;
  /** Fastify `trustProxy`: the proxies (addresses or CIDRs) whose X-Forwarded-* headers are believed; none by default. */
  trustProxy: string[];
  /** Name of a CDN header carrying the visitor's ISO country (e.g. `cf-ipcountry`); null = GeoIP only. */
  trustedCountryHeader: string | null;
  /** Log level for pino. */
  logLevel: string;
  /** One short line per request (`ACCESS_LOG=1`, or `LOG_LEVEL=debug`); errors are logged either way. */
  accessLog: boolean;
  /** Prometheus metrics at `GET /metrics` for `Authorization: Bearer <token>` (METRICS_TOKEN); null: off, /metrics is a 404. */
  metricsToken: string | null;
  /** scrypt cost parameter N (power of two). */
  passwordCost: number;
  /** Login attempts allowed per IP and per account in one window. */
  loginRateLimit: { perIp: number; perAccount: number; windowMs: number };
  /** Largest JSON body accepted by the API, in bytes. */
  bodyLimit: number;
  /** Largest uploaded file (multipart), in bytes. */
  uploadLimit: number;
  /** Largest uploaded picture (avatar, cover, comment image), in bytes. */
  imageUploadLimit: number;
  /** Largest video sent through the back office's resumable (tus) uploads, in bytes (VIDEO_UPLOAD_LIMIT_MB, 4096). */
  videoUploadLimit: number;
  /**
   * What one admin may have under way in resumable uploads: how many (UPLOADS_OPEN_MAX, 20) and how many bytes they
   * announce together (UPLOADS_PENDING_MB, 20480).
   */
  pendingUploads: { maxOpen: number; maxBytes: number };
  /** Secret for signed media URLs and other HMACs; generated into the data folder when not set. */
  appSecret: string | null;
  /**
   * The key that encrypts second-factor secrets (TOTP_KEY: 32 bytes as 64 hex digits or base64); null: one generated
   * into DATA_DIR/totp.key on first use. Kept apart from the database, so that a dump alone opens no account.
   */
  totpKey: string | null;
  /** Where media files live: a folder on local disk (default DATA_DIR/media), or an S3-compatible bucket. */
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        endpoint: string | null;
        region: string;
        bucket: string;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        forcePathStyle: boolean;
      };
  /**
   * The job queue and the media pipeline: how many transcodes this process runs at once (MEDIA_WORKERS; 0 = none here,
   * e.g. the web processes when `npm run worker` runs them) and how often a job whose worker died is looked for.
   */
  jobs: { mediaWorkers: number; superviseSeconds: number };
  /** Days a deleted item stays in the back office's trash before the purge job takes it (TRASH_DAYS; 0: until purged by hand). */
  trashDays: number;
  /** Days between a member closing their account and its erasure; logging in before cancels (ACCOUNT_DELETION_DAYS; 0: erased at the next hourly run). */
  accountDeletionDays: number;
  /** The in-memory cache of anonymous pages (PAGE_CACHE_SECONDS=0 turns it off). */
  pageCache: { ttlMs: number; maxEntries: number; maxBytes: number };
  /** Anonymous catalogue list answers of the API, kept this long (API_CACHE_SECONDS: 5; 0 under NODE_ENV=test). */
  answerCache: { ttlMs: number };
  /** Payment gateways: the built-in test checkout (on in the demo set-up) and Stripe (on when its keys are set). */
  payments: {
    testGateway: boolean;
    stripe: { secretKey: string; webhookSecret: string; apiBase: URL | null } | null;
  };
  /** The site's public origin (PUBLIC_URL, e.g. https://shop.example) for every absolute link; null: http://localhost:PORT. */
  publicUrl: string | null;
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise .eml files in `dir` (links printed to the log). */
  mail: { smtpUrl: string | null; from: string; dir: string };
  /** Per-member and per-address limits of the community calls (comments, contact, mail links), per window. */
  communityLimits: { commentsPerMinute: number; mailPerHour: number; contactPerHour: number };
  /** Digital delivery: how long a download link lives, and how many downloads one purchase allows. */
  downloads: { linkTtlSeconds: number; limitPerPurchase: number };
  /** Where the built site lives (`dist/`), for the Astro handler and static files. */
  distDir: string;
  version: string;
}

export class ConfigError extends Error {}

/** The version in package.json, also when the server is started without npm. */
const packageVersion = (): string => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')).version as string;

function int(env: NodeJS.ProcessEnv, key: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${key} must be an integer from ${min} to ${max}, got '${raw}'`);
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, key: string, values: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!values.includes(raw as T)) throw new ConfigError(`${key} must be one of ${values.join(', ')}, got '${raw}'`);
  return raw as T;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function getConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['production', 'development', 'test'] as const, 'production');
  const cost = int(env, 'PASSWORD_COST', nodeEnv === 'test' ? 1024 : 32768, 1024, 1048576);
  if ((cost & (cost - 1)) !== 0) throw new ConfigError(`PASSWORD_COST must be a power of two, got ${cost}`);
  return {
    nodeEnv,
    // Only this machine can connect unless the operator says otherwise (HOST=0.0.0.0 for a server).
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 4321, 0, 65535),
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    dbWaitSeconds: int(env, 'DB_WAIT_SECONDS', 30, 0, 3600),
    dbPoolMax: int(env, 'DB_POOL_MAX', 20, 2, 1000),
    redisUrl: env.REDIS_URL || null,
    webConcurrency: int(env, 'WEB_CONCURRENCY', 1, 1, 256),
    drainSeconds: int(env, 'DRAIN_SECONDS', 0, 0, 300),
    seed: oneOf(env, 'SEED', ['demo', 'none'] as const, 'demo'),
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD || null,
    seedScale: int(env, 'SEED_SCALE', 1, 1, 50),
    trustProxy: list(env.TRUST_PROXY),
    trustedCountryHeader: env.TRUSTED_COUNTRY_HEADER?.toLowerCase() || null,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    accessLog: env.ACCESS_LOG === '1' || env.ACCESS_LOG === 'true' || ['debug', 'trace'].includes(env.LOG_LEVEL ?? ''),
    metricsToken: env.METRICS_TOKEN || null,
    passwordCost: cost,
    loginRateLimit: {
      perIp: int(env, 'LOGIN_LIMIT_PER_IP', 20, 1),
      perAccount: int(env, 'LOGIN_LIMIT_PER_ACCOUNT', 8, 1),
      windowMs: int(env, 'LOGIN_LIMIT_WINDOW_SECONDS', 600, 1) * 1000,
    },
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 256 * 1024, 1024),
    uploadLimit: int(env, 'UPLOAD_LIMIT_MB', 100, 1, 10_000) * 1024 * 1024,
    imageUploadLimit: int(env, 'IMAGE_UPLOAD_LIMIT_MB', 10, 1, 200) * 1024 * 1024,
    videoUploadLimit: int(env, 'VIDEO_UPLOAD_LIMIT_MB', 4096, 1, 1_048_576) * 1024 * 1024,
    pendingUploads: { maxOpen: int(env, 'UPLOADS_OPEN_MAX', 20, 1, 10_000), maxBytes: int(env, 'UPLOADS_PENDING_MB', 20_480, 1, 1_048_576) * 1024 * 1024 },
    appSecret: env.APP_SECRET || null,
    totpKey: env.TOTP_KEY || null,
    storage: storageConfig(env, path.resolve(cwd, env.DATA_DIR || 'data')),
    jobs: { mediaWorkers: int(env, 'MEDIA_WORKERS', 1, 0, 16), superviseSeconds: int(env, 'JOBS_SUPERVISE_SECONDS', 10, 1, 3600) },
    trashDays: int(env, 'TRASH_DAYS', 30, 0, 3650),
    accountDeletionDays: int(env, 'ACCOUNT_DELETION_DAYS', 14, 0, 365),
    pageCache: {
      ttlMs: int(env, 'PAGE_CACHE_SECONDS', 60, 0, 86_400) * 1000,
      maxEntries: int(env, 'PAGE_CACHE_MAX_PAGES', 500, 1),
      maxBytes: int(env, 'PAGE_CACHE_MAX_MB', 64, 1) * 1024 * 1024,
    },
    answerCache: { ttlMs: int(env, 'API_CACHE_SECONDS', nodeEnv === 'test' ? 0 : 5, 0, 3600) * 1000 },
    payments: paymentsConfig(env),
    publicUrl: publicUrl(env.PUBLIC_URL),
    mail: { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM || 'Tessera <no-reply@localhost>', dir: path.resolve(cwd, env.DATA_DIR || 'data', 'mail') },
    communityLimits: {
      commentsPerMinute: int(env, 'COMMENT_LIMIT_PER_MINUTE', 10, 1),
      mailPerHour: int(env, 'MAIL_LIMIT_PER_HOUR', 5, 1),
      contactPerHour: int(env, 'CONTACT_LIMIT_PER_HOUR', 5, 1),
    },
    downloads: { linkTtlSeconds: int(env, 'DOWNLOAD_LINK_TTL_SECONDS', 600, 30, 86_400), limitPerPurchase: int(env, 'DOWNLOAD_LIMIT', 5, 1, 1000) },
    distDir: path.resolve(cwd, 'dist'),
    version: packageVersion(),
  };
}

/** PUBLIC_URL as an origin (`https://shop.example`); a path, query or another scheme is a configuration error. */
function publicUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://shop.example, got '${raw}'`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) origin without a path, such as https://shop.example, got '${raw}'`);
  }
  return url.origin;
}

function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): Config['storage'] {
  const driver = oneOf(env, 'STORAGE', ['local', 's3'] as const, 'local');
  if (driver === 'local') return { driver, dir: path.resolve(dataDir, env.MEDIA_DIR || 'media') };
  if (!env.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a non-AWS service)');
  return {
    driver,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
  };
}

function paymentsConfig(env: NodeJS.ProcessEnv): Config['payments'] {
  const seed = env.SEED || 'demo';
  const testGateway = oneOf(env, 'PAYMENT_TEST_GATEWAY', ['on', 'off'] as const, seed === 'demo' ? 'on' : 'off') === 'on';
  const secretKey = env.STRIPE_SECRET_KEY || null;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || null;
  if (Boolean(secretKey) !== Boolean(webhookSecret)) throw new ConfigError('Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  let apiBase: URL | null = null;
  if (env.STRIPE_API_BASE) {
    try {
      apiBase = new URL(env.STRIPE_API_BASE);
    } catch {
      throw new ConfigError(`STRIPE_API_BASE must be a URL, got '${env.STRIPE_API_BASE}'`);
    }
  }
  return { testGateway, stripe: secretKey && webhookSecret ? { secretKey, webhookSecret, apiBase } : null };
}
