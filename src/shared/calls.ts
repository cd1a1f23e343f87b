import type { ApiClient, ApiResponse, ListResult, Query, RequestOptions } from './api-client.ts';
import type { CatalogueItem } from './cards.ts';
import type { CatalogueKind } from './routes.ts';
import type { LoginBody, LoginResult } from './contracts/auth.ts';
import type { Category, CategorySearchQuery } from './contracts/categories.ts';
import type { CurrentUser } from './contracts/users.ts';
import type { DetailQuery } from './contracts/catalogue.ts';
import type { Video, VideoSearchQuery, VideoStream, VideoStreamQuery } from './contracts/videos.ts';
import type { Gallery, GallerySearchQuery, Photo, PhotoListQuery, PhotoSearchQuery } from './contracts/galleries.ts';
import type { BeforeAfter, Story, StorySearchQuery } from './contracts/stories.ts';
import type { Post, PostSearchQuery } from './contracts/posts.ts';
import type { Product, ProductSearchQuery } from './contracts/products.ts';
import type { Banner, BannerSearchQuery } from './contracts/banners.ts';
import type { SearchTotal } from './contracts/search.ts';
import type { SitemapEntries, SitemapKind, SitemapMonths } from './contracts/sitemap.ts';
import type {
  MyPurchaseQuery,
  PaymentSearchQuery,
  PaymentTransaction,
  PurchaseTokensBody,
  PurchaseTokensResult,
  TestCheckoutResult,
  TokenPackage,
  TokenTransaction,
  TokenTransactionSearchQuery,
} from './contracts/tokens.ts';
import type { Reaction, ReactionBody, ReactionSearchQuery, ReactionState, ReactedItemsQuery } from './contracts/reactions.ts';
import type { ChangePasswordBody, EmailBody, MessageResult, RegisterBody } from './contracts/accounts.ts';
import type { Comment, CommentBody, CommentSearchQuery } from './contracts/comments.ts';
import type { ContactBody, CountryItem, LanguageItem, PhoneCodeItem, ReportBody, UserAdditional, ViolationReport } from './contracts/community.ts';
import type { EventBody, EventSearchQuery } from './contracts/events.ts';
import type { ProfileUpdateBody, PublicUser } from './contracts/users.ts';
import type { UploadOptions } from './api-client.ts';
import type { CheckoutBody, CheckoutResult, DownloadLink, Order, OrderFile, OrderSearchQuery, OrderWithBuyer } from './contracts/orders.ts';
import type { BalanceChange, BalanceChangeQuery } from './contracts/ledger.ts';
import { EVENTS } from './operations/events.ts';
import { SETTINGS } from './operations/settings.ts';
import { COUNTRY_BLOCK } from './operations/country-block.ts';
import { PAYMENTS } from './operations/payments.ts';

/** The unlock call of each lockable kind (SPEC.md: /token-transactions/video|gallery|stories/{id}). */
const UNLOCK_PATHS = { video: 'video', gallery: 'gallery', story: 'stories' } as const;
export type UnlockKind = keyof typeof UNLOCK_PATHS;
const idem = (key?: string) => (key ? { headers: { 'idempotency-key': key } } : undefined);

/** The API calls by name, for stores (browser client) and pages (server client) alike. */
export function apiCalls(api: ApiClient) {
  return {
    login: (body: LoginBody) => api.post<LoginResult>('/auth/login', body),
    // Logging out of a session that has already ended is not an error to send anyone to /login for.
    logout: () => api.post<{ success: boolean }>('/auth/logout', {}, { expect401: true }),
    logoutEverywhere: () => api.post<{ success: boolean; ended: number }>('/auth/logout-all', {}, { expect401: true }),
    register: (body: RegisterBody) => api.post<{ _id: string; message: string }>('/auth/users/register', body),
    verifyEmail: (token: string) => api.post<MessageResult>('/auth/email-verification', { token }),
    resendVerification: (body: EmailBody) => api.post<MessageResult>('/auth/email-verification/resend', body),
    forgotPassword: (body: EmailBody) => api.post<MessageResult>('/auth/users/forgot', body),
    resetPassword: (token: string, password: string) => api.post<MessageResult>('/auth/users/reset-password', { token, password }),
    changePassword: (body: ChangePasswordBody) => api.put<MessageResult>('/auth/users/me/password', body),
    updateProfile: (body: ProfileUpdateBody) => api.put<CurrentUser>('/users', body),
    uploadAvatar: (file: Blob, options?: UploadOptions) => api.upload<CurrentUser>('/users/avatar/upload', file, options),
    uploadCover: (file: Blob, options?: UploadOptions) => api.upload<CurrentUser>('/users/cover/upload', file, options),
    searchUsers: (query: Query = {}) => api.get<ListResult<PublicUser>>('/users/search', query),
    viewUser: (idOrUsername: string) => api.get<PublicUser>(`/users/view/${encodeURIComponent(idOrUsername)}`),
    countries: () => api.get<CountryItem[]>('/countries/list'),
    languages: () => api.get<LanguageItem[]>('/languages/list'),
    phoneCodes: () => api.get<PhoneCodeItem[]>('/phone-codes/list'),
    userAdditional: () => api.get<UserAdditional>('/user-additional'),
    comments: (query: CommentSearchQuery) => api.get<ListResult<Comment>>('/comments/search', { ...query }),
    comment: (body: CommentBody) => api.post<Comment>('/comments', body),
    deleteComment: (id: string) => api.del<{ success: boolean; _id: string }>(`/comments/${encodeURIComponent(id)}`),
    editComment: (id: string, content: string, image: Blob | null, options?: UploadOptions) =>
      api.upload<Comment>(`/comments/${encodeURIComponent(id)}`, image ? [image] : [], { ...options, method: 'PUT', fields: { content } }),
    reportTypes: () => api.get<{ key: string; text: string }[]>('/violation-reports/types'),
    report: (body: ReportBody) => api.post<ViolationReport>('/violation-reports', body),
    contact: (body: ContactBody) => api.post<MessageResult>('/contact', body),
    verifyCaptcha: (token: string) => api.post<{ success: boolean; enabled: boolean; message?: string }>('/re-captcha/verify', { token }),
    events: (query: EventSearchQuery = {}) => api.call(EVENTS.search, { query }),
    event: (id: string) => api.call(EVENTS.get, { params: { id } }),
    createEvent: (body: EventBody) => api.call(EVENTS.create, { body }),
    updateEvent: (id: string, body: EventBody) => api.call(EVENTS.update, { params: { id }, body }),
    deleteEvent: (id: string) => api.call(EVENTS.remove, { params: { id } }),
    /** `expect401`: a refused token is the caller's to handle (a page shared by visitors and members). */
    me: (options?: RequestOptions) => api.get<CurrentUser>('/users/me', undefined, options),
    publicSettings: (group?: string) => api.call(SETTINGS.public, { query: { group } }),
    countryCheck: () => api.call(COUNTRY_BLOCK.check, {}),
    categories: (query: CategorySearchQuery = {}) => api.get<ListResult<Category>>('/assets/categories/search', { ...query }),
    videos: (query: VideoSearchQuery = {}) => api.get<ListResult<Video>>('/assets/videos/search', { ...query }),
    video: (id: string, query: DetailQuery = {}) => api.get<Video>(`/assets/videos/${encodeURIComponent(id)}`, { ...query }),
    videoStream: (id: string, query: VideoStreamQuery = {}) => api.get<VideoStream>(`/assets/videos/${encodeURIComponent(id)}/stream`, { ...query }),
    galleries: (query: GallerySearchQuery = {}) => api.get<ListResult<Gallery>>('/assets/galleries/search', { ...query }),
    gallery: (id: string, query: DetailQuery = {}) => api.get<Gallery>(`/assets/galleries/${encodeURIComponent(id)}/view`, { ...query }),
    galleryPhotos: (id: string, query: PhotoListQuery = {}) => api.get<ListResult<Photo>>(`/assets/galleries/${encodeURIComponent(id)}/photos`, { ...query }),
    photos: (query: PhotoSearchQuery = {}) => api.get<ListResult<Photo>>('/assets/photos', { ...query }),
    stories: (query: StorySearchQuery = {}) => api.get<ListResult<Story>>('/stories/search', { ...query }),
    story: (id: string, query: DetailQuery = {}) => api.get<Story>(`/stories/${encodeURIComponent(id)}/view`, { ...query }),
    storyBeforeAfter: (id: string, limit = 2) => api.get<BeforeAfter>(`/stories/${encodeURIComponent(id)}/before-after`, { limit }),
    posts: (query: PostSearchQuery = {}) => api.get<ListResult<Post>>('/posts/search', { ...query }),
    post: (id: string, query: DetailQuery = {}) => api.get<Post>(`/posts/${encodeURIComponent(id)}`, { ...query }),
    products: (query: ProductSearchQuery = {}) => api.get<ListResult<Product>>('/assets/products/search', { ...query }),
    product: (id: string, query: DetailQuery = {}) => api.get<Product>(`/assets/products/${encodeURIComponent(id)}`, { ...query }),
    banners: (query: BannerSearchQuery = {}) => api.get<ListResult<Banner>>('/site-promo/search', { ...query }),
    searchTotal: (q: string) => api.get<SearchTotal>('/search/total', { q }),
    sitemapMonths: () => api.get<SitemapMonths>('/sitemap/months'),
    sitemapEntries: (kind: SitemapKind, month: string) => api.get<SitemapEntries>(`/sitemap/${kind}/${encodeURIComponent(month)}`),
    tokenPackages: () => api.get<ListResult<TokenPackage>>('/package/token/search', { limit: 50 }),
    paymentGateways: () => api.call(PAYMENTS.gateways, {}),
    purchaseTokens: (body: PurchaseTokensBody) => api.post<PurchaseTokensResult>('/payment/purchase-tokens', body),
    payment: (id: string) => api.get<PaymentTransaction>(`/payment/transactions/${encodeURIComponent(id)}`),
    payments: (query: PaymentSearchQuery = {}) => api.get<ListResult<PaymentTransaction>>('/payment/transactions', { ...query }),
    testCheckout: (id: string, action: 'confirm' | 'cancel') => api.post<TestCheckoutResult>(`/payment/test-gateway/${encodeURIComponent(id)}/${action}`),
    unlock: (kind: UnlockKind, id: string, idempotencyKey?: string) =>
      api.post<TokenTransaction>(`/token-transactions/${UNLOCK_PATHS[kind]}/${encodeURIComponent(id)}`, {}, idem(idempotencyKey)),
    checkout: (body: CheckoutBody, idempotencyKey?: string) => api.post<CheckoutResult>('/token-transactions/products', body, idem(idempotencyKey)),
    tokenTransactions: (query: TokenTransactionSearchQuery = {}) => api.get<ListResult<TokenTransaction>>('/token-transactions/user/search', { ...query }),
    balanceChanges: (query: BalanceChangeQuery = {}) => api.get<ListResult<BalanceChange>>('/users/me/balance-changes', { ...query }),
    myPurchases: (query: MyPurchaseQuery) => api.get<ListResult<CatalogueItem>>('/assets/my-purchase', { ...query }),
    myOrders: (query: OrderSearchQuery = {}) => api.get<ListResult<OrderWithBuyer>>('/orders/users/details/search', { ...query }),
    order: (id: string) => api.get<OrderWithBuyer>(`/orders/details/${encodeURIComponent(id)}`),
    orderFiles: (id: string) => api.get<OrderFile[]>(`/orders/${encodeURIComponent(id)}/files-info`),
    confirmOrder: (id: string) => api.put<Order>(`/orders/${encodeURIComponent(id)}/finish-confirm`),
    downloadLink: (productId: string) => api.get<DownloadLink>(`/assets/products/${encodeURIComponent(productId)}/download-link`),
    react: (body: ReactionBody) => api.post<ReactionState>('/reactions', body),
    unreact: (body: ReactionBody) => api.del<ReactionState>('/reactions', body),
    reactions: (query: ReactionSearchQuery = {}) => api.get<ListResult<Reaction>>('/reactions', { ...query }),
    reactedVideos: (query: ReactedItemsQuery = {}) => api.get<ListResult<Video>>('/reactions/videos', { ...query }),
    reactedGalleries: (query: ReactedItemsQuery = {}) => api.get<ListResult<Gallery>>('/reactions/galleries', { ...query }),
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
