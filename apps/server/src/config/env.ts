import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const onOff = z.enum(['on', 'off']);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** External PostgreSQL; when unset an embedded PostgreSQL runs in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Port of the embedded PostgreSQL: never 5432, so it cannot collide with a server already running. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  ENCRYPTION: onOff.default('on'),
  SESSION_IDLE_MS: z.coerce.number().int().positive().default(18_000_000),
  MARKET_HOURS: z.enum(['always', 'real']).default('always'),
  SQR_OFF_TIME_LIMIT: z.coerce.number().int().nonnegative().default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Also exposes GET /dev/outbox; on by default outside production. */
  DEV_OUTBOX: onOff.optional(),
  SEED_DEMO: onOff.default('on'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  encryption: boolean;
  sessionIdleMs: number;
  marketHours: Env['MARKET_HOURS'];
  sqrOffTimeLimit: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  devOutbox: boolean;
  seedDemo: boolean;
  /** Checks every response against its schema; on in tests. */
  validateResponses: boolean;
}

/** Reads process.env once, failing fast with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    encryption: env.ENCRYPTION === 'on',
    sessionIdleMs: env.SESSION_IDLE_MS,
    marketHours: env.MARKET_HOURS,
    sqrOffTimeLimit: env.SQR_OFF_TIME_LIMIT,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST),
    devOutbox: env.DEV_OUTBOX ? env.DEV_OUTBOX === 'on' : env.NODE_ENV !== 'production',
    seedDemo: env.SEED_DEMO === 'on',
    validateResponses: env.NODE_ENV === 'test',
  };
}
