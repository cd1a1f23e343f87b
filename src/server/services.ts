/**
 * The composition's types: the services app.ts builds, and what it decorates Fastify with (the augmentation below).
 * Only app.ts imports this module; modules take what they use as parameters, and the `App` type from types.ts.
 */
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AuthContext, AuthService } from './modules/auth/auth.service.ts';
import type { CountryBlockService } from './modules/country-block/country-block.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { MediaView } from './modules/catalogue/media-view.ts';
import type { VideosService } from './modules/videos/videos.service.ts';
import type { GalleriesService } from './modules/galleries/galleries.service.ts';
import type { StoriesService } from './modules/stories/stories.service.ts';
import type { PostsService } from './modules/posts/posts.service.ts';
import type { ProductsService } from './modules/products/products.service.ts';
import type { ShareImages } from './modules/catalogue/share-images.ts';
import type { MediaSigner } from './lib/media/signed-url.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { TokenTransactionsService } from './modules/token-transactions/token-transactions.service.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import type { ReactionsService } from './modules/reactions/reactions.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { CaptchaService } from './modules/captcha/captcha.service.ts';
import type { AccountsService } from './modules/auth/accounts.service.ts';
import type { ProfileService } from './modules/users/profile.service.ts';
import type { CommentsService } from './modules/comments/comments.service.ts';
import type { ReportsService } from './modules/reports/reports.service.ts';
import type { MembersService } from './modules/users/members.service.ts';
import type { ContactService } from './modules/contact/contact.service.ts';
import type { EventsService } from './modules/events/events.service.ts';
import type { GrantsService } from './modules/grants/grants.service.ts';
import type { Storage } from './lib/storage/storage.ts';
import type { EmitToRoom, EmitToUser, EndLiveSessions } from './types.ts';

export interface Services {
  auth: AuthService;
  twoFactor: import('./modules/auth/two-factor.service.ts').TwoFactorService;
  /** The member's sessions as devices: listed, ended one by one or all but this one; a login from a new place mailed. */
  /** The member's passkeys: added, named, removed, and a login with one (both factors at once). */
  passkeys: import('./modules/auth/passkeys.service.ts').PasskeysService;
  devices: import('./modules/auth/devices.service.ts').DevicesService;
  setup: import('./modules/setup/setup.service.ts').SetupService;
  settings: SettingsService;
  countryBlock: CountryBlockService;
  media: MediaView;
  videos: VideosService;
  galleries: GalleriesService;
  stories: StoriesService;
  posts: PostsService;
  products: ProductsService;
  shareImages: ShareImages;
  ledger: LedgerService;
  payments: PaymentsService;
  tokenTransactions: TokenTransactionsService;
  orders: OrdersService;
  reactions: ReactionsService;
  mailer: Mailer;
  mailTemplates: import('./modules/mail/mail-templates.service.ts').MailTemplatesService;
  captcha: CaptchaService;
  accounts: AccountsService;
  profiles: ProfileService;
  comments: CommentsService;
  reports: ReportsService;
  members: MembersService;
  contact: ContactService;
  events: EventsService;
  grants: GrantsService;
  /** Members' "Download my data": the exports' requests, the job's work, the owner's download (modules/data-export). */
  dataExport: import('./modules/data-export/data-export.service.ts').DataExportService;
  accountClosure: import('./modules/account-closure/account-closure.service.ts').AccountClosureService;
  /** The back office's one-piece uploads and the references its forms send (the media library keeps each file). */
  adminUploads: import('./modules/media-library/uploads.ts').AdminUploads;
  /** The content modules' writes: audited in their transactions, announced after them (content-modules.ts). */
  content: import('./content-modules.ts').ContentModules;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The site's public origin for absolute links (lib/http/public-origin.ts); set from PUBLIC_URL or the listening port. */
    siteOrigin: string;
    database: Database;
    /** Whether the database is away, told by every failed request (logged once per outage, plugins/database-outage.ts). */
    outage: import('./plugins/database-outage.ts').DatabaseOutage;
    services: Services;
    /** The operations this process serves, by key (`GET /path`, server/operations): a page's in-process call finds its own here. */
    operations: Map<string, import('./operations/register.ts').ServedOperation>;
    /** Anonymous page HTML (filled by the site, site/register.ts); emptied at every site change. */
    pageCache: import('./lib/http/response-cache.ts').ResponseCache;
    /** The catalogue's anonymous list answers (plugins/answer-cache.ts), or null when API_CACHE_SECONDS is 0. */
    answerCache: import('./lib/http/response-cache.ts').ResponseCache | null;
    /** Settings and country changes, told to every part of this process and (with REDIS_URL) to the other processes. */
    siteChanges: import('./lib/runtime/site-changes.ts').SiteChanges;
    /** The Redis every process shares (REDIS_URL), or null: one process keeps everything in its own memory. */
    redis: import('./plugins/redis.ts').SharedRedis | null;
    /** True once the process is stopping: `/api/ready` answers 503 so that a balancer sends traffic elsewhere. */
    draining: boolean;
    /** The API's validators and serializers, compiled when first used (plugins/validation.ts). */
    schemaCompilers: import('./plugins/validation.ts').SchemaCompilers;
    /** The job queue, and what runs on it: the media pipeline, scheduled publishing, the trash's purge (plugins/jobs.ts). */
    jobs: {
      queue: import('./lib/jobs/job-queue.ts').JobQueue;
      media: import('./modules/media/media-pipeline.ts').MediaPipeline;
      publication: import('./modules/content/publication-jobs.ts').PublicationJobs;
      trash: import('./modules/content/trash-jobs.ts').TrashJobs;
      dataExport: import('./modules/data-export/data-export-jobs.ts').DataExportJobs;
      accountErasure: import('./lib/jobs/hourly.ts').HourlyJob;
    };
    /** The back office's resumable (tus) uploads: the protocol's handler, and finished uploads' bytes (modules/uploads). */
    uploads: import('./modules/uploads/resumable-uploads.ts').ResumableUploads;
    /** Where media files live and how their links are signed. */
    media: { storage: Storage; signer: MediaSigner };
    emitToUser: EmitToUser;
    /** Closes at once the live connections opened with these sessions (ended by logout or a password change). */
    endLiveSessions: EndLiveSessions;
    emitToRoom: EmitToRoom;
    /** The live (socket.io) connections of this process now; absent when realtime is off (plugins/realtime.ts). */
    liveSockets?: () => number;
    /** preHandler: 401 unless the request carries a live session. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** onRequest of the back office: 401 without a session, 403 unless the member is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler after requireAuth: 403 when the operator requires a verified e-mail before purchases and it is not. */
    requirePurchaser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The session and member of the `Authorization` token, or null (anonymous or invalid token). */
    auth: AuthContext | null;
  }
}
