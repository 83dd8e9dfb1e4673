import { randomBytes, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { loadJwtSecret } from './auth/secret';
import { EmbeddedMaintenance } from './db/embedded-maintenance';
import { openDb, type Db } from './db/db';
import { openPglite } from './db/pglite';
import { openPgliteThread } from './db/pglite-thread';
import { migrate } from './db/migrate';
import { DashboardQueries } from './domain/dashboard';
import { DictionaryStore } from './domain/dictionaries';
import { MenuStore } from './domain/menus';
import { SettingsStore } from './domain/settings';
import { UserDirectory } from './domain/users';
import { registerBodyParsers } from './http/body';
import { gatewayHeaders, registerClientIp } from './http/client-ip';
import { registerCors } from './http/cors';
import { registerBadInputGuard, registerHealth, redactUrl } from './http/health';
import { registerSignInLimiter } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { requestLog } from './http/request-log';
import { SessionStore } from './domain/sessions';
import { registerErrorHandling } from './http/errors';
import { registerOperationLog } from './http/operation-log';
import { errorReporter } from './http/report';
import { ConsoleShell, registerConsoleFiles } from './http/static';
import { graphqlGateway, selfUrl } from './gateway/plugin';
import { filesRoutes } from './routes/files';
import { registerOpenApi } from './openapi/plugin';
import { authRoutes } from './routes/auth';
import { initRoutes } from './routes/init';
import { systemRoutes } from './routes/system';
import { profileRoutes } from './routes/profile';
import { oauth2Routes } from './routes/oauth2';
import { seed } from './seed';
import { SocketHub } from './ws/hub';
import { socketRoutes } from './ws/routes';
import { messageCenterRoutes } from './features/messages/routes/message-center';
import { attachPushBroker, unreadCounter } from './ws/realtime';
import { PermissionStore } from './domain/permissions';
import { registerAccessCheck } from './http/access';
import { systemAdminRoutes } from './features/system/routes/index';
import { gameRoutes } from './features/game/routes/index';
import { commonRoutes } from './features/common/routes/index';
import { embedRoutes } from './features/tracking/routes/index';
import { dataEmbedAnalysisRoutes } from './features/tracking/routes/analysis';
import { incomeRoutes } from './features/income/routes/index';
import { playersRoutes } from './features/players/routes/index';
import { accountsRoutes } from './features/players/routes/accounts';
import { dataReportsRoutes } from './features/reports/routes/data-reports';
import { automationRoutes } from './features/automation/routes/index';
import { pagesCheckTask } from './features/automation/jobs/page-check';
import { registerMetrics } from './http/metrics';
import { cooperateRoutes } from './features/cooperate/routes/index';
import { advertisingRoutes } from './features/advertising/routes/index';
import { sampleGameRoutes } from './samples/h5-game';
import { loadAccountSecretKey, SecretBox } from './domain/secret-box';
import { SessionKeeper } from './features/tracking/domain/sessions';
import { ensureJobSchema, JobQueue } from './jobs/queue';
import { codesExpireTask, diagnosticsProbeTask, logsCleanupTask, messagesAnnounceTask, rollupsRebuildTask, TaskCatalogue } from './jobs/tasks';
import { instrumentDb } from './features/dashboard/domain/monitor';
import type { DashboardLive } from './features/dashboard/domain/live';
import { createDashboardLive, dashboardLiveRoutes, registerMonitorMetrics } from './features/dashboard/routes/live';
import { workbenchRoutes } from './features/dashboard/routes/workbench';
import { PlayerUpkeep } from './features/players/domain/upkeep';

/**
 * The task kinds of this server, in the order the task list (GET /api/automation/task/) answers them:
 * the platform's own and the features' (the queue and the automation screens read them from here).
 */
function taskCatalogue(): TaskCatalogue<AppContext> {
  return new TaskCatalogue<AppContext>([rollupsRebuildTask, codesExpireTask, logsCleanupTask, messagesAnnounceTask, diagnosticsProbeTask, pagesCheckTask]);
}

/**
 * Throwaway databases (tests) start from a snapshot of the first one made in this process with the
 * same secrets key, freshly migrated and seeded: loading it takes a fraction of PGlite's own
 * initialisation. Keyed by the key, because the sample secrets in a snapshot are sealed with it (test
 * files that share a process may name their own key).
 */
const memoryTemplates = new Map<string, Promise<Blob>>();

/** A memory template's key: the secrets key it is sealed with, and how its sample passwords are hashed. */
export function memoryTemplateKey(secretKey: string, fastSamplePasswords: boolean): string {
  return `${secretKey}\n${fastSamplePasswords ? 'fast' : 'full'}`;
}

/** Tests: in-memory databases of this key (memoryTemplateKey) start from this template (one per test run: server/test/db-template.ts). */
export function setMemoryTemplate(key: string, template: Blob): void {
  memoryTemplates.set(key, Promise.resolve(template));
}

async function openMemoryDb(secretKey: string, secretBox: SecretBox, thread: boolean, fastSamplePasswords: boolean): Promise<Db> {
  const open = thread ? openPgliteThread : openPglite;
  const key = memoryTemplateKey(secretKey, fastSamplePasswords);
  const known = memoryTemplates.get(key);
  if (known) {
    const template = await known.catch(() => null);
    if (template) return open('memory://', template);
  }
  const db = await open('memory://');
  if (!known) {
    const made = (async () => {
      await migrate(db);
      await ensureJobSchema(db);
      await seed(db, Date.now(), { secretBox, fastSamplePasswords });
      return db.snapshot();
    })();
    memoryTemplates.set(key, made);
    await made.catch(() => undefined);
  }
  // (When the template of this key failed to build, buildServer migrates and seeds this one itself.)
  return db;
}

export interface ReferenceServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Starts listening on config.host:config.port; resolves to the base URL (http://host:port). */
  listen(): Promise<string>;
  /** The database was empty at this start (migrated and seeded now): main.ts then plays the sample events. */
  fresh: boolean;
  /** Stops accepting, closes sockets and the database. */
  close(): Promise<void>;
}

/**
 * Builds the reference server from a configuration: opens the database (PostgreSQL when
 * config.databaseUrl is set, else PGlite in DATA_DIR/db, or in memory when dataDir is null), applies
 * migrations, seeds a fresh database, applies CAPTCHA, and registers every route. Used by main.ts and
 * by testing.ts.
 */
export async function buildServer(config: ServerConfig): Promise<ReferenceServer> {
  // The key first: a bad key file should fail the start before the database work.
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const accountKey = await loadAccountSecretKey(config.accountSecretKey, config.dataDir);
  const secretBox = new SecretBox(accountKey);
  const db = config.dataDir === null && config.databaseUrl === null ? await openMemoryDb(accountKey, secretBox, config.pgliteThread ?? false, config.fastSamplePasswords) : await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.dataDir ? join(config.dataDir, 'db') : 'memory://',
    pgliteThread: config.pgliteThread ?? true,
  });
  // Every statement timed for the service monitor (dashboard/monitor).
  const queryTimes = instrumentDb(db);
  try {
    await migrate(db);
    await ensureJobSchema(db);
    const fresh = await seed(db, Date.now(), { secretBox, fastSamplePasswords: config.fastSamplePasswords });
    const settings = new SettingsStore(db);
    if (config.captcha !== null) await settings.set('base', 'captcha_state', config.captcha);
    const ctx: AppContext = {
      config,
      db,
      jwtSecret,
      users: new UserDirectory(db),
      settings,
      dictionaries: new DictionaryStore(db),
      menus: new MenuStore(db),
      permissions: new PermissionStore(db),
      dashboard: new DashboardQueries(db),
      hub: new SocketHub(),
      secretBox,
      sessions: new SessionStore(db),
      sessionKeeper: new SessionKeeper(db, config.analyticsTz, (err) => app.log.error({ err }, 'session analysis: computing kept days failed')),
      jobs: undefined as unknown as JobQueue<AppContext>,
      live: undefined as unknown as DashboardLive,
      playerUpkeep: new PlayerUpkeep(db, (err) => app.log.error({ err }, 'player upkeep failed (its rows stay queued)')),
    };
    ctx.jobs = new JobQueue(ctx, taskCatalogue(), (msg, err) => app.log.error({ err }, msg));
    ctx.live = createDashboardLive(ctx, queryTimes, (msg, err) => app.log.error({ err }, msg));
    // Open sockets of sessions revoked anywhere (another instance too) close at the next ping.
    ctx.hub.useSessionCheck((sid) => ctx.sessions.live(sid));
    const app = await createApp(ctx);
    // Autovacuum's analyse, which the embedded database lacks (a no-op on PostgreSQL).
    const maintenance = new EmbeddedMaintenance(db, (err) => app.log.error({ err }, 'embedded database maintenance failed'));
    return {
      app,
      ctx,
      fresh,
      async listen() {
        await app.listen({ port: config.port, host: config.host });
        // Sessions of the last days computed ahead (after the quiet delay, in the background).
        ctx.sessionKeeper.start();
        // The players' upkeep: what earlier runs left queued, and the timer.
        ctx.playerUpkeep.start();
        maintenance.start();
        // This instance works the job queue (runs, schedules, heartbeat).
        if (config.jobs) await ctx.jobs.start();
        // This instance samples its figures for the monitor.
        ctx.live.start();
        const addr = app.server.address();
        const port = typeof addr === 'object' && addr ? addr.port : config.port;
        const host = config.host.includes(':') ? `[${config.host}]` : config.host;
        return `http://${host}:${port}`;
      },
      async close() {
        ctx.live.stop();
        ctx.hub.close();
        await ctx.jobs.stop();
        await ctx.sessionKeeper.close();
        await app.close();
        // The players' upkeep after the routes: no commit kicks it any more.
        await ctx.playerUpkeep.close();
        await maintenance.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}

async function createApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  // JSON lines with a request id (reqId) on each (errors, slow answers and a sample of requests: http/request-log.ts); the token in a socket URL is not logged.
  const logger: FastifyServerOptions['logger'] = config.logLevel
    ? { level: config.logLevel, serializers: { req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }) } }
    : false;
  const app = Fastify({
    logger,
    // Two log lines per request cost more than the request: errors, slow answers and a sample are logged.
    ...(config.logLevel ? { logController: requestLog(config.logLevel) } : {}),
    genReqId: () => randomUUID(),
    // A hop count is accepted by Fastify (proxy-addr) though its types list only boolean, string and function.
    trustProxy: config.trustProxy as unknown as FastifyServerOptions['trustProxy'],
    bodyLimit: config.bodyLimit,
    // Socket paths carry a whole JWT as one path segment.
    routerOptions: { maxParamLength: 4096 },
    forceCloseConnections: true,
  });
  app.decorateRequest('account', null);
  const shellConfig = config.consoleDir ? { apiUrl: config.apiUrl, wsPath: config.wsPath, adapter: config.consoleAdapter === 'graphql' ? ('graphql' as const) : undefined, analyticsTz: config.analyticsTz } : null;
  const shell = config.consoleDir && shellConfig ? new ConsoleShell(config.consoleDir, shellConfig) : null;

  registerBodyParsers(app);
  const gatewayKey = randomBytes(24).toString('hex');
  registerClientIp(app, gatewayKey);
  // Before every route: the OpenAPI document (/api/openapi.json, viewer at /api/docs/) lists each route registered after it.
  await registerOpenApi(app);
  registerHealth(app, ctx);
  registerSecurityHeaders(app, config, shellConfig);
  await registerCors(app, config);
  registerBadInputGuard(app);
  const throttle = await registerSignInLimiter(app, ctx.db, { perMinute: config.signInPerMinute });
  const report = errorReporter(app.log, config.logLevel !== null);
  registerErrorHandling(app, shell, report);
  registerOperationLog(app, ctx, report);
  registerAccessCheck(app, ctx);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  authRoutes(app, ctx, throttle);
  initRoutes(app, ctx);
  systemRoutes(app, ctx);
  profileRoutes(app, ctx);
  oauth2Routes(app, ctx);
  messageCenterRoutes(app, ctx);
  // Upload, file_list rows and /media/ first: the generic file resource below yields to them.
  await filesRoutes(app, ctx);
  await systemAdminRoutes(app, ctx);
  await gameRoutes(app, ctx);
  await commonRoutes(app, ctx);
  await embedRoutes(app, ctx);
  dataEmbedAnalysisRoutes(app, ctx);
  await incomeRoutes(app, ctx);
  playersRoutes(app, ctx);
  dataReportsRoutes(app, ctx);
  accountsRoutes(app, ctx);
  await automationRoutes(app, ctx);
  // dashboard/realtime and dashboard/monitor: routes, the monitor's request hook and its /metrics gauges.
  registerMonitorMetrics(registerMetrics(app, ctx), ctx.live);
  dashboardLiveRoutes(app, ctx.live);
  cooperateRoutes(app, ctx);
  await advertisingRoutes(app, ctx);
  workbenchRoutes(app, ctx);
  // The sample H5 game (/samples/h5-game/): its page and its "game server" (signed orders).
  await sampleGameRoutes(app, ctx);
  await attachPushBroker(app, ctx, report);
  socketRoutes(app, ctx, report, unreadCounter(ctx.db));
  // The built console's files (when there is a build); index.html and client routes come from the shell.
  if (config.consoleDir && (await stat(config.consoleDir).catch(() => null))?.isDirectory()) {
    await registerConsoleFiles(app, config.consoleDir, (err, file) => report(err, `console file not compressed: ${file}`));
  }
  // GraphQL gateway at POST /graphql over this server's REST contract (or GRAPHQL_UPSTREAM's).
  await app.register(graphqlGateway, {
    upstream: () => config.graphqlUpstream ?? selfUrl(app),
    // Calls to this very server carry the caller's address (sign-in throttling per client, not per gateway).
    ...(config.graphqlUpstream ? {} : { forward: (req: FastifyRequest) => gatewayHeaders(gatewayKey, req) }),
  });
  await app.ready();
  return app;
}
