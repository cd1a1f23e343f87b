/** The routes SPEC.md §2 fixes. */
export const HOME_ROUTE = '/';
/** Login page; target after logout and for a visit to a page requiring login. */
export const LOGIN_ROUTE = '/auth/login';
/** Where the browser goes when a call answers 401. */
export const UNAUTHORIZED_ROUTE = '/login';
