/**
 * The one inline script of every page, run before the first paint (no flash): the chosen theme, and whether a member
 * is logged in (`data-session="member"` when the token cookie is there), so that a page shared by visitors and members
 * shows the member's corner of the header, not the login link, from the start (scripts/member.ts fills it in). It is
 * inline so that it runs before the stylesheet applies, and allowed by the Content-Security-Policy through its hash
 * (shared/csp.ts).
 */
export const THEME_SCRIPT =
  "try { var t = localStorage.getItem('ui:theme'); if (localStorage.getItem('ui:themeChosen') === '1' && (t === 'light' || t === 'dark')) document.documentElement.dataset.theme = t; } catch (e) {} if (/(?:^|;\\s*)token=[^;]/.test(document.cookie)) document.documentElement.dataset.session = 'member';";
