import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import { THEME_SCRIPT } from './theme-script.ts';

/**
 * The site's Content-Security-Policy, fixed part (astro.config.mjs → security.csp): Astro adds the hashes of its own
 * hydration and bundled scripts and styles and sends it as a header with every page. Scripts and styles come only
 * from the site and those hashes (the one hand-written inline script, the theme before first paint, by its hash);
 * no `'unsafe-inline'` for either, so style="" attributes are refused too (pages use classes). Images: the site,
 * `data:` for the lazy-image placeholder and `blob:` for the preview of an avatar being uploaded. Media: the site, and
 * `blob:` for the Media Source object URL through which hls.js feeds the video player (scripts/playback.ts).
 * Framing, plugins, <base> and foreign form targets are refused. What depends on the deployment or on settings (the
 * live connection's ws origin, analytics, captcha, an external logo) is added
 * by the host once per page kind and settings (server/site/render.ts) through `siteSources`.
 */
export const CSP_CONFIG = {
  scriptDirective: {
    resources: ["'self'"],
    hashes: [`sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}` as const],
  },
  styleDirective: { resources: ["'self'"] },
  directives: [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ],
} satisfies Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>;

/** The settings that decide extra sources (public settings; a missing key adds nothing). */
export interface SourceSettings {
  gaCode?: unknown;
  recaptchaSiteKey?: unknown;
  logo?: unknown;
  favicon?: unknown;
  loginPlaceholderImage?: unknown;
}

/** Where the deployment puts things: the site's public origin and the browser's API base and live endpoint. */
export interface SourceDeployment {
  origin: string;
  apiBase?: string;
  socketEndpoint?: string;
}

const filled = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The origin of an absolute http(s) URL, or null for a site path (already covered by 'self') or anything else. */
function originOf(url: unknown): string | null {
  if (!filled(url) || url.startsWith('/')) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The ws(s) form of an http(s) origin: socket.io upgrades to a WebSocket on the same host. */
const wsOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The sources a page needs beyond the fixed policy, by directive: the live connection (same host, ws/wss), an API
 * base or live endpoint on another origin, the configured analytics (Google Analytics when `gaCode` is set), the
 * captcha (reCAPTCHA when `recaptchaSiteKey` is set: its script, its frame, and the style="" attributes its widget
 * writes) and the origins of image settings given as absolute URLs (logo, favicon, login image).
 */
export function siteSources(settings: SourceSettings, deployment: SourceDeployment): Record<string, string[]> {
  const add: Record<string, string[]> = { 'script-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [], 'style-src-attr': [] };
  add['connect-src']!.push(wsOrigin(deployment.origin));
  const api = originOf(deployment.apiBase);
  if (api) add['connect-src']!.push(api);
  const socket = originOf(deployment.socketEndpoint);
  if (socket) add['connect-src']!.push(socket, wsOrigin(socket));
  for (const image of [settings.logo, settings.favicon, settings.loginPlaceholderImage]) {
    const origin = originOf(image);
    if (origin) add['img-src']!.push(origin);
  }
  if (filled(settings.gaCode)) {
    add['script-src']!.push('https://www.googletagmanager.com');
    add['img-src']!.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
    add['connect-src']!.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
  }
  if (filled(settings.recaptchaSiteKey)) {
    add['script-src']!.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    add['frame-src']!.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
    add['style-src-attr']!.push("'unsafe-inline'");
  }
  return add;
}

/**
 * A policy with extra sources added: to the directive of that name (its 'none' gives way), or as a new directive
 * when the policy has none of that name and there is something to add.
 */
export function withSources(policy: string, add: Record<string, string[]>): string {
  const parts = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const names = new Set(parts.map((part) => part.split(/\s+/)[0]));
  const merged = parts.map((part) => {
    const [name, ...own] = part.split(/\s+/);
    // 'none' with other sources (a page that opened a fixed 'none', e.g. frame-src for a preview) means those sources.
    const sources = own.length > 1 ? own.filter((s) => s !== "'none'") : own;
    const extra = [...new Set(add[name!] ?? [])].filter((s) => !sources.includes(s));
    if (!extra.length) return sources.length === own.length ? part : [name, ...sources].join(' ');
    return [name, ...sources.filter((s) => s !== "'none'"), ...extra].join(' ');
  });
  const added = Object.entries(add)
    .filter(([name, sources]) => !names.has(name) && sources.length)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '));
  return [...merged, ...added].join('; ');
}
