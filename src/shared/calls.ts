import type { ApiClient, ApiResponse, ListResult, Query, RequestOptions } from './api-client.ts';
import type { CatalogueItem } from './cards.ts';
import type { CatalogueKind } from './routes.ts';
import type { LoginBody } from './contracts/auth.ts';
import type { CategorySearchQuery } from './contracts/categories.ts';
import type { CurrentUser } from './contracts/users.ts';
import type { ListQuery } from './contracts/common.ts';
import type { DetailQuery } from './contracts/catalogue.ts';
import type { Video, VideoSearchQuery, VideoStreamQuery } from './contracts/videos.ts';
import type { Gallery, GallerySearchQuery, PhotoListQuery, PhotoSearchQuery } from './contracts/galleries.ts';
import type { Story, StorySearchQuery } from './contracts/stories.ts';
import type { PostSearchQuery } from './contracts/posts.ts';
import type { Product, ProductSearchQuery } from './contracts/products.ts';
import type { BannerSearchQuery } from './contracts/banners.ts';
import type { SitemapKind } from './contracts/sitemap.ts';
import type { MyPurchaseQuery, PaymentSearchQuery, PurchaseTokensBody, TokenTransactionSearchQuery } from './contracts/tokens.ts';
import type { ReactionBody, ReactionSearchQuery, ReactedItemsQuery } from './contracts/reactions.ts';
import type { ChangePasswordBody, EmailBody, RegisterBody } from './contracts/accounts.ts';
import type { Comment, CommentBody, CommentSearchQuery } from './contracts/comments.ts';
import type { ContactBody, ReportBody } from './contracts/community.ts';
import type { EventBody, EventSearchQuery } from './contracts/events.ts';
import type { ProfileUpdateBody } from './contracts/users.ts';
import type { UploadOptions } from './api-client.ts';
import type { CheckoutBody, OrderSearchQuery } from './contracts/orders.ts';
import type { BalanceChangeQuery } from './contracts/ledger.ts';
import { EVENTS } from './operations/events.ts';
import { VIDEOS } from './operations/videos.ts';
import { GALLERIES } from './operations/galleries.ts';
import { STORIES } from './operations/stories.ts';
import { POSTS } from './operations/posts.ts';
import { PRODUCTS } from './operations/products.ts';
import { BANNERS } from './operations/banners.ts';
import { CATEGORIES } from './operations/categories.ts';
import { SEARCH } from './operations/search.ts';
import { SITEMAP } from './operations/sitemap.ts';
import { SETTINGS } from './operations/settings.ts';
import { COUNTRY_BLOCK } from './operations/country-block.ts';
import { PAYMENTS } from './operations/payments.ts';
import { TOKEN_TRANSACTIONS } from './operations/token-transactions.ts';
import { LEDGER } from './operations/ledger.ts';
import { ORDERS } from './operations/orders.ts';
import { REACTIONS } from './operations/reactions.ts';
import { COMMENTS } from './operations/comments.ts';
import { REPORTS } from './operations/reports.ts';
import { ACCOUNTS, AUTH } from './operations/auth.ts';
import { USERS } from './operations/users.ts';
import { REFERENCE } from './operations/reference.ts';
import { CONTACT } from './operations/contact.ts';
import { CAPTCHA } from './operations/captcha.ts';

/** The unlock call of each lockable kind (SPEC.md: /token-transactions/video|gallery|stories/{id}). */
const UNLOCKS = { video: TOKEN_TRANSACTIONS.unlockVideo, gallery: TOKEN_TRANSACTIONS.unlockGallery, story: TOKEN_TRANSACTIONS.unlockStory } as const;
export type UnlockKind = keyof typeof UNLOCKS;
const idem = (key?: string) => (key ? { headers: { 'idempotency-key': key } } : undefined);

/** The API calls by name, for stores (browser client) and pages (server client) alike. */
export function apiCalls(api: ApiClient) {
  return {
    login: (body: LoginBody) => api.call(AUTH.login, { body }),
    // Logging out of a session that has already ended is not an error to send anyone to /login for.
    logout: () => api.call(AUTH.logout, {}, { expect401: true }),
    logoutEverywhere: () => api.call(AUTH.logoutEverywhere, {}, { expect401: true }),
    register: (body: RegisterBody) => api.call(ACCOUNTS.register, { body }),
    verifyEmail: (token: string) => api.call(ACCOUNTS.verifyEmail, { body: { token } }),
    resendVerification: (body: EmailBody) => api.call(ACCOUNTS.resendVerification, { body }),
    forgotPassword: (body: EmailBody) => api.call(ACCOUNTS.forgotPassword, { body }),
    resetPassword: (token: string, password: string) => api.call(ACCOUNTS.resetPassword, { body: { token, password } }),
    changePassword: (body: ChangePasswordBody) => api.call(ACCOUNTS.changePassword, { body }),
    updateProfile: (body: ProfileUpdateBody) => api.call(USERS.update, { body }),
    uploadAvatar: (file: Blob, options?: UploadOptions) => api.upload<CurrentUser>('/users/avatar/upload', file, options),
    uploadCover: (file: Blob, options?: UploadOptions) => api.upload<CurrentUser>('/users/cover/upload', file, options),
    searchUsers: (query: ListQuery = {}) => api.call(USERS.search, { query }),
    viewUser: (idOrUsername: string) => api.call(USERS.view, { params: { id: idOrUsername } }),
    countries: () => api.call(REFERENCE.countries, {}),
    languages: () => api.call(REFERENCE.languages, {}),
    phoneCodes: () => api.call(REFERENCE.phoneCodes, {}),
    userAdditional: () => api.call(REFERENCE.userAdditional, {}),
    comments: (query: CommentSearchQuery) => api.call(COMMENTS.search, { query }),
    comment: (body: CommentBody) => api.call(COMMENTS.create, { body }),
    deleteComment: (id: string) => api.call(COMMENTS.remove, { params: { id } }),
    editComment: (id: string, content: string, image: Blob | null, options?: UploadOptions) =>
      api.upload<Comment>(`/comments/${encodeURIComponent(id)}`, image ? [image] : [], { ...options, method: 'PUT', fields: { content } }),
    reportTypes: () => api.call(REPORTS.types, {}),
    report: (body: ReportBody) => api.call(REPORTS.create, { body }),
    contact: (body: ContactBody) => api.call(CONTACT.send, { body }),
    verifyCaptcha: (token: string) => api.call(CAPTCHA.verify, { body: { token } }),
    events: (query: EventSearchQuery = {}) => api.call(EVENTS.search, { query }),
    event: (id: string) => api.call(EVENTS.get, { params: { id } }),
    createEvent: (body: EventBody) => api.call(EVENTS.create, { body }),
    updateEvent: (id: string, body: EventBody) => api.call(EVENTS.update, { params: { id }, body }),
    deleteEvent: (id: string) => api.call(EVENTS.remove, { params: { id } }),
    /** `expect401`: a refused token is the caller's to handle (a page shared by visitors and members). */
    me: (options?: RequestOptions) => api.call(USERS.me, {}, options),
    publicSettings: (group?: string) => api.call(SETTINGS.public, { query: { group } }),
    countryCheck: () => api.call(COUNTRY_BLOCK.check, {}),
    categories: (query: CategorySearchQuery = {}) => api.call(CATEGORIES.search, { query }),
    videos: (query: VideoSearchQuery = {}) => api.call(VIDEOS.search, { query }),
    video: (id: string, query: DetailQuery = {}) => api.call(VIDEOS.get, { params: { id }, query }),
    videoStream: (id: string, query: VideoStreamQuery = {}) => api.call(VIDEOS.stream, { params: { id }, query }),
    galleries: (query: GallerySearchQuery = {}) => api.call(GALLERIES.search, { query }),
    gallery: (id: string, query: DetailQuery = {}) => api.call(GALLERIES.get, { params: { id }, query }),
    galleryPhotos: (id: string, query: PhotoListQuery = {}) => api.call(GALLERIES.photosOf, { params: { id }, query }),
    photos: (query: PhotoSearchQuery = {}) => api.call(GALLERIES.photos, { query }),
    stories: (query: StorySearchQuery = {}) => api.call(STORIES.search, { query }),
    story: (id: string, query: DetailQuery = {}) => api.call(STORIES.get, { params: { id }, query }),
    storyBeforeAfter: (id: string, limit = 2) => api.call(STORIES.beforeAfter, { params: { id }, query: { limit } }),
    posts: (query: PostSearchQuery = {}) => api.call(POSTS.search, { query }),
    post: (id: string, query: DetailQuery = {}) => api.call(POSTS.get, { params: { id }, query }),
    products: (query: ProductSearchQuery = {}) => api.call(PRODUCTS.search, { query }),
    product: (id: string, query: DetailQuery = {}) => api.call(PRODUCTS.get, { params: { id }, query }),
    banners: (query: BannerSearchQuery = {}) => api.call(BANNERS.search, { query }),
    searchTotal: (q: string) => api.call(SEARCH.totals, { query: { q } }),
    sitemapMonths: () => api.call(SITEMAP.months, {}),
    sitemapEntries: (kind: SitemapKind, month: string) => api.call(SITEMAP.entries, { params: { kind, month } }),
    tokenPackages: () => api.call(PAYMENTS.packages, { query: { limit: 50 } }),
    paymentGateways: () => api.call(PAYMENTS.gateways, {}),
    purchaseTokens: (body: PurchaseTokensBody) => api.call(PAYMENTS.purchaseTokens, { body }),
    payment: (id: string) => api.call(PAYMENTS.get, { params: { id } }),
    payments: (query: PaymentSearchQuery = {}) => api.call(PAYMENTS.search, { query }),
    testCheckout: (id: string, action: 'confirm' | 'cancel') => api.call(PAYMENTS.testGateway, { params: { id, action } }),
    unlock: (kind: UnlockKind, id: string, idempotencyKey?: string) => api.call(UNLOCKS[kind], { params: { id } }, idem(idempotencyKey)),
    checkout: (body: CheckoutBody, idempotencyKey?: string) => api.call(TOKEN_TRANSACTIONS.checkout, { body }, idem(idempotencyKey)),
    tokenTransactions: (query: TokenTransactionSearchQuery = {}) => api.call(TOKEN_TRANSACTIONS.search, { query }),
    balanceChanges: (query: BalanceChangeQuery = {}) => api.call(LEDGER.balanceChanges, { query }),
    myPurchases: (query: MyPurchaseQuery) => api.call(TOKEN_TRANSACTIONS.myPurchases, { query }),
    myOrders: (query: OrderSearchQuery = {}) => api.call(ORDERS.mineDetails, { query }),
    order: (id: string) => api.call(ORDERS.get, { params: { id } }),
    orderFiles: (id: string) => api.call(ORDERS.files, { params: { id } }),
    confirmOrder: (id: string) => api.call(ORDERS.confirmReceipt, { params: { id } }),
    downloadLink: (productId: string) => api.call(ORDERS.downloadLink, { params: { id: productId } }),
    react: (body: ReactionBody) => api.call(REACTIONS.create, { body }),
    unreact: (body: ReactionBody) => api.call(REACTIONS.remove, { body }),
    reactions: (query: ReactionSearchQuery = {}) => api.call(REACTIONS.search, { query }),
    reactedVideos: (query: ReactedItemsQuery = {}) => api.call(REACTIONS.videos, { query }),
    reactedGalleries: (query: ReactedItemsQuery = {}) => api.call(REACTIONS.galleries, { query }),
  };
}
export type ApiCalls = ReturnType<typeof apiCalls>;

/** The items with a page of their own that a member reacts to (and unlocks, some of them), by kind. */
export interface DetailItems {
  video: Video;
  gallery: Gallery;
  story: Story;
  product: Product;
}
export type DetailKind = keyof DetailItems;

/** The call of one item of a kind, as the API shows it to whoever asks (item pages, their islands, a member's reactions). */
export function itemCall<K extends DetailKind>(api: ApiCalls, kind: K): (id: string, query?: DetailQuery) => Promise<ApiResponse<DetailItems[K]>> {
  const calls: { [P in DetailKind]: (id: string, query?: DetailQuery) => Promise<ApiResponse<DetailItems[P]>> } = {
    video: api.video,
    gallery: api.gallery,
    story: api.story,
    product: api.product,
  };
  return calls[kind];
}

/** The list call of a catalogue kind (list pages, 'more', feeds and the sitemap all page through it). */
export function listCall(api: ApiCalls, kind: CatalogueKind): (query: Query) => Promise<ApiResponse<ListResult<CatalogueItem>>> {
  const calls = { video: api.videos, gallery: api.galleries, story: api.stories, post: api.posts, product: api.products };
  return calls[kind] as (query: Query) => Promise<ApiResponse<ListResult<CatalogueItem>>>;
}
