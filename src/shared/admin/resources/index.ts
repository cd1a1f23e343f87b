import type { AdminResource } from '../resource.ts';
import { blockedCountriesResource } from './blocked-countries.ts';
import { categoriesResource } from './categories.ts';
import { postsResource } from './posts.ts';
import { bannersResource } from './banners.ts';
import { storiesResource } from './stories.ts';
import { productsResource } from './products.ts';
import { galleriesResource } from './galleries.ts';
import { videosResource } from './videos.ts';
import { ordersResource } from './orders.ts';
import { tokenPackagesResource } from './token-packages.ts';
import { couponsResource } from './coupons.ts';
import { paymentsResource } from './payments.ts';
import { tokenTransactionsResource } from './token-transactions.ts';
import { balanceChangesResource } from './balance-changes.ts';
import { reportsResource } from './reports.ts';
import { membersResource } from './members.ts';

/** Every back-office resource, in the order of the admin's navigation. */
export const ADMIN_RESOURCES: AdminResource[] = [
  videosResource,
  galleriesResource,
  storiesResource,
  postsResource,
  productsResource,
  categoriesResource,
  bannersResource,
  ordersResource,
  reportsResource,
  membersResource,
  blockedCountriesResource,
  tokenPackagesResource,
  couponsResource,
  paymentsResource,
  tokenTransactionsResource,
  balanceChangesResource,
];

/** The resources the navigation and the dashboard list (those without a page of their own). */
export const LISTED_RESOURCES: AdminResource[] = ADMIN_RESOURCES.filter((r) => !r.page);

export function adminResource(name: string): AdminResource | null {
  return ADMIN_RESOURCES.find((r) => r.name === name) ?? null;
}
