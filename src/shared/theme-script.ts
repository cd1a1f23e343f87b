/**
 * The one inline script of every page: the chosen theme before the first paint (no flash). It is inline so that it
 * runs before the stylesheet applies, and allowed by the Content-Security-Policy through its hash (middleware/csp.ts).
 */
export const THEME_SCRIPT =
  "try { var t = localStorage.getItem('ui:theme'); if (localStorage.getItem('ui:themeChosen') === '1' && (t === 'light' || t === 'dark')) document.documentElement.dataset.theme = t; } catch (e) {}";
