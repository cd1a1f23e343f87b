import { persistentMap } from '@nanostores/persistent';
import type { PublicSettings } from '../shared/contracts/settings.ts';
import { onResetAll } from './reset.ts';

/** UI values kept in localStorage (SPEC.md §3); menus are stored as JSON text. */
export type UiValues = {
  theme: 'light' | 'dark';
  siteName: string;
  logo: string;
  menus: string;
  favicon: string;
  loginPlaceholderImage: string;
  footerContent: string;
  currencySymbol: string;
  currency: string;
};

export const UI_DEFAULTS: UiValues = {
  theme: 'light',
  siteName: '',
  logo: '',
  menus: '[]',
  favicon: '',
  loginPlaceholderImage: '',
  footerContent: '',
  currencySymbol: '$',
  currency: 'USD',
};

export const $ui = persistentMap<UiValues>('ui:', { ...UI_DEFAULTS });

/** Copies the branding values of the public settings into the UI store. */
export function syncUiFromSettings(s: Partial<PublicSettings>): void {
  const pick = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const current = $ui.get();
  const next: Partial<UiValues> = {
    siteName: pick(s.siteName, current.siteName),
    logo: pick(s.logo, current.logo),
    favicon: pick(s.favicon, current.favicon),
    loginPlaceholderImage: pick(s.loginPlaceholderImage, current.loginPlaceholderImage),
    footerContent: pick(s.footerContent, current.footerContent),
    currencySymbol: pick(s.currencySymbol, current.currencySymbol),
    currency: pick(s.currency, current.currency),
    menus: Array.isArray(s.menus) ? JSON.stringify(s.menus) : current.menus,
  };
  for (const [key, value] of Object.entries(next) as [keyof UiValues, string][]) if (current[key] !== value) $ui.setKey(key, value as never);
}

/**
 * Set when the member picks a theme. Until then the page follows the system's light/dark preference, although the
 * stored `theme` value keeps its SPEC default ('light'), because the persistent map writes every key at once.
 */
export const THEME_CHOSEN_KEY = 'ui:themeChosen';

export function themeChosen(): boolean {
  try {
    return localStorage.getItem(THEME_CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** The member's theme choice; applied to <html data-theme>. */
export function setTheme(theme: UiValues['theme']): void {
  $ui.setKey('theme', theme);
  try {
    localStorage.setItem(THEME_CHOSEN_KEY, '1');
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

onResetAll(() => {
  for (const [key, value] of Object.entries(UI_DEFAULTS) as [keyof UiValues, string][]) $ui.setKey(key, value as never);
});
