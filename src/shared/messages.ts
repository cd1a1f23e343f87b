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
