/** Every user-facing string of SPEC.md §8, word for word. */
export const FORBIDDEN_IN_ACTION = 'Forbidden in the action!';
export const INCORRECT_CREDENTIALS = 'Incorrect credentials!';
export const GENERIC_ERROR = 'Error occured, please try again later';
export const COMMENTED = 'Commented successfully';
export const REMOVED = 'Removed successfully!';
export const LOGGED_OUT = 'Log out!';
/** API.md: the 422 of a purchase the balance does not cover. */
export const INSUFFICIENT_BALANCE = 'You have an insufficient token balance. Please top up.';
/** A purchase by a member whose e-mail is unverified, when the operator requires verification first (setting). */
export const EMAIL_NOT_VERIFIED = 'Please verify your e-mail address before buying. We can send you a new link.';
/** Mail-link requests never say whether an address has an account. */
export const MAIL_LINK_SENT = 'If that address belongs to an account, we have sent it a link. Please check your inbox.';

/** The language every page and message is written in (`<html lang>`, RSS `<language>`, JSON-LD `inLanguage`). */
export const SITE_LANGUAGE = 'en';
/** The site's own description: the home page's, and that of any page without one of its own. */
export const siteDescription = (siteName: string) => `${siteName}: videos, photo galleries, stories and a store, unlocked with tokens.`;

/** The second factor's field errors (issue 36): the login's code step and the security page say the same. */
export const WRONG_CODE = 'That code is not right. Type the newest code your app shows, or a recovery code.';
export const CODE_REUSED = 'This code was already used. Wait for the next one in your app.';
export const RECOVERY_CODE_USED = 'This recovery code was already used. Each one works once.';
export const WRONG_PASSWORD_FIELD = 'Your password is not correct.';
export const SECOND_FACTOR_EXPIRED = 'The login took too long. Please log in again.';
export const TWO_FACTOR_REQUIRED = 'Turn on two-factor authentication first: this site requires it for admins.';
