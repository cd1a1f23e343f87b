/**
 * The API calls by name, each a function of the client it is made on (`calls/<domain>.ts`): stores import the domains
 * they call and make them on the browser's client (`walletCalls.unlock(client(), …)`), so a page's scripts carry only
 * those operations; pages make every call on their server client by the same names (`locals.api.unlock(…)`,
 * page-calls.ts).
 */
export * from './calls/session.ts';
export * from './calls/accounts.ts';
export * from './calls/community.ts';
export * from './calls/reactions.ts';
export * from './calls/catalogue.ts';
export * from './calls/wallet.ts';
export * from './calls/coupons.ts';
export * from './calls/orders.ts';
export * from './calls/security.ts';
export * from './calls/data-export.ts';
export * from './calls/account-closure.ts';
