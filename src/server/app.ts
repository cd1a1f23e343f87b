import Fastify, { LogController } from 'fastify';
import { sql } from 'drizzle-orm';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { GeoIp } from './lib/runtime/geoip.ts';
import { ResponseCache } from './lib/http/response-cache.ts';
import { SiteChanges } from './lib/runtime/site-changes.ts';
import { configuredOrigin } from './lib/http/public-origin.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkErrors, loggedError, registerErrorHandler } from './plugins/errors.ts';
import { DatabaseOutage } from './plugins/database-outage.ts';
import { documentAnswers } from './plugins/documented-answers.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerRedis } from './plugins/redis.ts';
import { registerAnswerCache } from './plugins/answer-cache.ts';
import { registerShutdown } from './plugins/shutdown.ts';
import { registerAccessLog } from './plugins/access-log.ts';
import { SchemaCompilers } from './plugins/validation.ts';
import { registerMedia } from './plugins/media.ts';
import { registerJobs } from './plugins/jobs.ts';
import { registerShare } from './plugins/share.ts';
import { countryGate } from './plugins/country-gate.ts';
import { resolveAppSecret } from './db/app-secret.ts';
import { MediaSigner } from './lib/media/signed-url.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { contentModules } from './content-modules.ts';
import { contentChanges } from './modules/content/publication-jobs.ts';
import { AdminUploads } from './modules/media-library/uploads.ts';
import type { Storage } from './lib/storage/storage.ts';
import { MediaView } from './modules/catalogue/media-view.ts';
import { ViewCounter } from './modules/catalogue/views.ts';
import { ShareImages } from './modules/catalogue/share-images.ts';
import { bannersOperations } from './modules/banners/banners.operations.ts';
import { galleriesOperations } from './modules/galleries/galleries.operations.ts';
import { GalleriesService } from './modules/galleries/galleries.service.ts';
import { postsOperations } from './modules/posts/posts.operations.ts';
import { PostsService } from './modules/posts/posts.service.ts';
import { productsOperations } from './modules/products/products.operations.ts';
import { ProductsService } from './modules/products/products.service.ts';
import { searchOperations } from './modules/search/search.operations.ts';
import { sitemapOperations } from './modules/sitemap/sitemap.operations.ts';
import { storiesOperations } from './modules/stories/stories.operations.ts';
import { StoriesService } from './modules/stories/stories.service.ts';
import { videosOperations } from './modules/videos/videos.operations.ts';
import { VideosService } from './modules/videos/videos.service.ts';
import { HlsLinks } from './lib/media/hls.ts';
import { createAuthServices } from './modules/auth/auth.service.ts';
import { DevicesService } from './modules/auth/devices.service.ts';
import { resolveTotpKey, SecretBox } from './lib/auth/totp-key.ts';
import { RedisFailures } from './modules/auth/login-throttle.ts';
import { authOperations, devicesOperations } from './modules/auth/auth.operations.ts';
import { categoriesOperations } from './modules/categories/categories.operations.ts';
import { countryBlockOperations } from './modules/country-block/country-block.operations.ts';
import { CountryBlockService } from './modules/country-block/country-block.service.ts';
import { healthOperations } from './modules/health/health.operations.ts';
import { settingsOperations } from './modules/settings/settings.operations.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersOperations } from './modules/users/users.operations.ts';
import { ErrorBody } from '../shared/contracts/common.ts';
import { GrantsService } from './modules/grants/grants.service.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { createGateways } from './modules/payments/gateways/create-gateways.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentsOperations } from './modules/payments/payments.operations.ts';
import { couponsOperations } from './modules/coupons/coupons.operations.ts';
import { registerOperations } from './operations/register.ts';
import type { Operation } from './operations/define.ts';
import { TokenTransactionsService } from './modules/token-transactions/token-transactions.service.ts';
import { tokenTransactionsOperations } from './modules/token-transactions/token-transactions.operations.ts';
import { ledgerOperations } from './modules/ledger/ledger.operations.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersOperations } from './modules/orders/orders.operations.ts';
import { ReactionsService } from './modules/reactions/reactions.service.ts';
import { reactionsOperations } from './modules/reactions/reactions.operations.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { DataExportService } from './modules/data-export/data-export.service.ts';
import { dataExportOperations } from './modules/data-export/data-export.operations.ts';
import { accountClosureOperations } from './modules/account-closure/account-closure.operations.ts';
import { AccountClosureService } from './modules/account-closure/account-closure.service.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { MailTemplatesService } from './modules/mail/mail-templates.service.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { captchaOperations } from './modules/captcha/captcha.operations.ts';
import { AccountsService } from './modules/auth/accounts.service.ts';
import { accountsOperations } from './modules/auth/accounts.operations.ts';
import { twoFactorOperations } from './modules/auth/two-factor.operations.ts';
import { passkeysOperations } from './modules/auth/passkeys.operations.ts';
import { ProfileService } from './modules/users/profile.service.ts';
import { referenceOperations } from './modules/reference/reference.operations.ts';
import { CommentsService } from './modules/comments/comments.service.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { commentsOperations } from './modules/comments/comments.operations.ts';
import { MembersService } from './modules/users/members.service.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { reportsOperations } from './modules/reports/reports.operations.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { contactOperations } from './modules/contact/contact.operations.ts';
import { EventsService } from './modules/events/events.service.ts';
import { eventsOperations } from './modules/events/events.operations.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { SetupService } from './modules/setup/setup.service.ts';
import { setupOperations } from './modules/setup/setup.operations.ts';
import { ResumableUploads, uploadStore } from './modules/uploads/resumable-uploads.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import type { App, EmitToRoom, EmitToUser, EndLiveSessions } from './types.ts';
import type { Services } from './services.ts';

export interface BuildOptions {
  database: Database;
  /** Attach socket.io to the app's HTTP server (off for inject-only tests that do not need it). */
  realtime?: boolean;
  /** Use an existing HTTP server (the Astro dev server) instead of Fastify's own; the app is then never `listen`ed. */
  serverFactory?: () => import('node:http').Server | null;
  /** Media storage (default: the one the configuration names). */
  storage?: Storage;
}

/** The API application: plugins, then modules under `/api`, one error handler. serve.ts adds the site around it. */
export async function buildApp(config: Config, { database, realtime = true, serverFactory, storage }: BuildOptions): Promise<App> {
  const schemaCompilers = new SchemaCompilers();
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { err: loggedError } },
    // pino's two JSON lines per request cost more than a cached page; access lines are opt-in (registerAccessLog).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // An address is an operation's own: `/api/admin/videos/` is no route (it was the list, answering for an empty `{id}`).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    return503OnClosing: true,
    frameworkErrors,
    schemaController: schemaCompilers.controller,
    ...(serverFactory ? { serverFactory: serverFactory as never } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const geo = await GeoIp.open();
  const appSecret = await resolveAppSecret(database.db, config.appSecret);
  const signer = new MediaSigner(appSecret);
  // Live events go out through whatever emitter is current (the realtime plugin replaces the no-op once it is up).
  const emit: EmitToUser = (userId, event, ...args) => app.emitToUser(userId, event, ...args);
  const emitToRoom: EmitToRoom = (rooms, event, ...args) => app.emitToRoom(rooms, event, ...args);
  const endLive: EndLiveSessions = (sessionIds) => app.endLiveSessions(sessionIds);
  const media = new MediaView(signer);
  const catalogue = { db: database.db, media, views: new ViewCounter(database.db) };
  app.decorate('config', config);
  app.decorate('siteOrigin', configuredOrigin(config));
  app.decorate('database', database);
  // A lost database is logged once when it goes and once when it answers again (not at every failed request).
  const outage = new DatabaseOutage(app.log, () => database.db.execute(sql`select 1`));
  database.onConnectionError = (err) => outage.connectionDropped(err);
  app.addHook('onClose', async () => outage.stop());
  app.decorate('outage', outage);
  const mediaStorage = storage ?? (await createStorage(config.storage));
  // Settings and blocked countries are cached per process; every change empties those caches and the page cache, here
  // at once and (with REDIS_URL) in every other process through the shared Redis.
  const changes = new SiteChanges();
  const pageCache = new ResponseCache(config.pageCache);
  // The catalogue's anonymous list answers (plugins/answer-cache.ts): emptied by the same changes.
  const answerCache = new ResponseCache({ ttlMs: config.answerCache.ttlMs, maxEntries: 1000, maxBytes: 32 * 1024 * 1024 });
  changes.on(() => {
    pageCache.clear();
    answerCache.clear();
  });
  app.decorate('siteChanges', changes);
  app.decorate('pageCache', pageCache);
  app.decorate('answerCache', config.answerCache.ttlMs > 0 ? answerCache : null);
  // What processes share (limits, throttles, announcements, live rooms) goes through Redis when REDIS_URL is set.
  const redis = config.redisUrl ? await registerRedis(app, config.redisUrl, changes) : null;
  app.decorate('redis', redis);
  const settings = new SettingsService(database.db, changes);
  const mailer = new Mailer(config.mail, settings, database.db, app.log);
  const siteMail = { mailer, origin: () => app.siteOrigin };
  const orders = new OrdersService(database.db, signer, emit, app.log, config.downloads, siteMail);
  const captcha = new CaptchaService(settings, app.log);
  app.decorate('media', { storage: mediaStorage, signer });
  const devices = new DevicesService({ db: database.db, endLive, mail: siteMail });
  const { auth, twoFactor, passkeys } = createAuthServices({
    origin: () => app.siteOrigin,
    newPlace: (user, from) => devices.newPlace(user, from),
    db: database.db,
    passwordCost: config.passwordCost,
    endLive,
    limit: config.loginRateLimit,
    failures: redis ? new RedisFailures(redis.client) : undefined,
    settings,
    box: new SecretBox(resolveTotpKey(config.totpKey, config.dataDir)),
  });
  const ledger = new LedgerService(database.db, emit);
  const accounts = new AccountsService({ db: database.db, passwordCost: config.passwordCost, mailer, captcha, log: app.log, endLive });
  const adminUploads = new AdminUploads(mediaStorage, signer, database.db);
  const members = new MembersService(database.db, { ledger, accounts, mailer, endLive, log: app.log });
  const services: Services = {
    auth,
    twoFactor,
    passkeys,
    devices,
    setup: new SetupService(database.db, config.passwordCost, auth, settings),
    settings,
    countryBlock: new CountryBlockService(database.db, geo, config.trustedCountryHeader, changes),
    media,
    videos: new VideosService(catalogue, new HlsLinks(signer)),
    galleries: new GalleriesService(catalogue),
    stories: new StoriesService(catalogue),
    posts: new PostsService(catalogue),
    products: new ProductsService(catalogue),
    shareImages: new ShareImages(database.db, mediaStorage),
    ledger,
    payments: new PaymentsService(database.db, createGateways(config.payments, appSecret), emit, app.log, siteMail),
    tokenTransactions: new TokenTransactionsService(database.db, emit, app.log, orders.toOrder),
    orders,
    reactions: new ReactionsService(database.db),
    mailer,
    mailTemplates: new MailTemplatesService(database.db, mailer),
    captcha,
    accounts,
    members,
    profiles: new ProfileService(database.db, mediaStorage),
    comments: new CommentsService({ db: database.db, storage: mediaStorage, emit: emitToRoom, log: app.log }),
    reports: new ReportsService(database.db, app.log, { mail: siteMail, members }),
    contact: new ContactService(mailer, captcha, app.log),
    events: new EventsService(database.db),
    grants: new GrantsService(database.db, app.log),
    dataExport: new DataExportService({ db: database.db, storage: mediaStorage, queue: () => app.jobs.queue, mail: siteMail, log: app.log }),
    accountClosure: new AccountClosureService({
      db: database.db,
      storage: mediaStorage,
      twoFactor,
      settings,
      mail: siteMail,
      endLive,
      log: app.log,
      days: config.accountDeletionDays,
    }),
    adminUploads,
    content: contentModules({ db: database.db, changes: contentChanges(changes, () => app.jobs.publication) }, adminUploads, () => app.jobs.media),
  };
  app.decorate('services', services);
  app.decorate('operations', new Map());
  app.decorate('emitToUser', () => {});
  app.decorate('emitToRoom', () => {});
  app.decorate('endLiveSessions', () => {});
  app.addHook('onClose', () => mailer.idle());

  const uploads = new ResumableUploads({ db: database.db, config, log: app.log, origin: () => app.siteOrigin }, await uploadStore(config));
  app.decorate('uploads', uploads);
  app.addHook('onReady', async () => uploads.start());
  app.addHook('onClose', async () => uploads.stop());
  await registerJobs(app, uploads);

  app.decorate('schemaCompilers', schemaCompilers);
  schemaCompilers.registerValidators(app);
  registerErrorHandler(app, outage);
  registerInputGuard(app);
  registerSecurityHeaders(app);
  registerAuth(app);
  registerShutdown(app);
  if (config.accessLog) registerAccessLog(app);
  // prom-client is loaded only where metrics are asked for (~60 ms of every start otherwise).
  if (config.metricsToken) (await import('./plugins/metrics.ts')).registerMetrics(app);
  app.addSchema(ErrorBody);
  // Shared by every process through Redis (keys under tessera:rate:); while Redis is away each request is let through.
  await app.register(rateLimit, { global: false, ...(redis ? { redis: redis.client, nameSpace: 'tessera:rate:', skipOnError: true } : {}) });
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 20 }, throwFileSizeLimit: true });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: config.version,
        description: 'The wire contract of ../shared/spec/API.md. Success bodies are `{status: 0, data}`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    // Every route's error answers are one shared component, ErrorBody, not a copy per status and route (which made
    // four fifths of the document, 727 KB, and kept swagger-ui busy for seconds). Only the document changes.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url }) => ({ schema: schema?.response ? { ...schema, response: errorsAsRefs(schema.response) } : schema, url }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  if (realtime) await registerRealtime(app, { redis });
  await registerMedia(app);
  await registerShare(app);

  await app.register(
    async (api) => {
      // Modules declared as operations (server/operations): each is an API route and a page's in-process call.
      const operationModules: ((app: App) => Operation[])[] = [
        settingsOperations,
        countryBlockOperations,
        paymentsOperations,
        couponsOperations,
        tokenTransactionsOperations,
        ledgerOperations,
        ordersOperations,
        reactionsOperations,
        commentsOperations,
        reportsOperations,
        eventsOperations,
        healthOperations,
        authOperations,
        devicesOperations,
        accountsOperations,
        twoFactorOperations,
        passkeysOperations,
        usersOperations,
        setupOperations,
        captchaOperations,
        referenceOperations,
        contactOperations,
        dataExportOperations,
        accountClosureOperations,
      ];
      for (const table of operationModules) registerOperations(api, table(api));
      const catalogueModules: ((app: App) => Operation[])[] = [
        videosOperations,
        galleriesOperations,
        storiesOperations,
        postsOperations,
        productsOperations,
        bannersOperations,
        categoriesOperations,
        searchOperations,
        sitemapOperations,
      ];
      // Still routes: what needs the raw request or reply (the pictures' and an order file's multipart, a comment's edit
      // with its image, the payment webhook's raw body, downloads), the back office and the resumable uploads.
      for (const routes of [usersRoutes, paymentsRoutes, ordersRoutes, commentsRoutes, adminRoutes, uploadsRoutes, dataExportRoutes])
        await api.register(routes);
      // The catalogue and search answer 451 to a blocked country, like the pages.
      await api.register(async (content) => {
        content.addHook('onRequest', countryGate(app));
        content.addHook('onRoute', documentAnswers([451]));
        if (config.answerCache.ttlMs > 0) registerAnswerCache(content, answerCache);
        for (const table of catalogueModules) registerOperations(content, table(content), { countryGated: true });
      });
    },
    { prefix: '/api' },
  );
  return app;
}

/** A route's response schemas for the API document, with each ErrorBody as a reference to the shared one. */
function errorsAsRefs(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  return Object.fromEntries(Object.entries(response).map(([status, schema]) => [status, schema === ErrorBody ? { $ref: 'ErrorBody#' } : schema]));
}
