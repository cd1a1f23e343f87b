import { describe, expect, it } from 'vitest';
import { CSP_CONFIG, siteSources, withSources } from '../../src/shared/csp.ts';

describe('the Content-Security-Policy', () => {
  const policy =
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-src 'none'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'";
  const site = { origin: 'https://shop.example', apiBase: '/api', socketEndpoint: '' };
  const none = { gaCode: '', recaptchaSiteKey: '', logo: '/images/logo.svg', favicon: '/favicon.svg', loginPlaceholderImage: '/images/login.svg' };

  it('a site without analytics, captcha or outside images adds only its own live connection (wss on its host)', () => {
    expect(withSources(policy, siteSources(none, site))).toBe(
      "default-src 'self'; connect-src 'self' wss://shop.example; img-src 'self' data:; frame-src 'none'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'",
    );
    expect(siteSources(none, { origin: 'http://localhost:4321' })['connect-src']).toEqual(['ws://localhost:4321']);
  });

  it('allows the analytics origins only when a GA code is configured', () => {
    expect(withSources(policy, siteSources({ ...none, gaCode: 'G-TEST123' }, site))).toBe(
      "default-src 'self'; connect-src 'self' wss://shop.example https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com; img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com; frame-src 'none'; script-src 'self' 'sha256-abc' https://www.googletagmanager.com; style-src 'self' 'sha256-def'",
    );
  });

  it('allows the captcha script, its frame and its widget style attributes only when a captcha key is configured', () => {
    expect(withSources(policy, siteSources({ ...none, recaptchaSiteKey: 'key' }, site))).toBe(
      "default-src 'self'; connect-src 'self' wss://shop.example; img-src 'self' data:; frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/; script-src 'self' 'sha256-abc' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; style-src 'self' 'sha256-def'; style-src-attr 'unsafe-inline'",
    );
  });

  it('allows the origin of a logo, favicon or login image set as an absolute URL, once each', () => {
    const images = {
      ...none,
      logo: 'https://cdn.example/brand/logo.svg',
      favicon: 'https://cdn.example/favicon.ico',
      loginPlaceholderImage: 'http://img.example/a.jpg',
    };
    expect(siteSources(images, site)['img-src']).toEqual(['https://cdn.example', 'https://cdn.example', 'http://img.example']);
    expect(withSources(policy, siteSources(images, site))).toContain("img-src 'self' data: https://cdn.example http://img.example;");
  });

  it('an API base or live endpoint on another origin may be called', () => {
    const sources = siteSources(none, { origin: 'https://shop.example', apiBase: 'https://api.shop.example/api', socketEndpoint: 'https://live.shop.example' });
    expect(sources['connect-src']).toEqual(['wss://shop.example', 'https://api.shop.example', 'https://live.shop.example', 'wss://live.shop.example']);
  });

  it('never allows inline scripts or inline styles by keyword, and refuses framing', () => {
    expect(CSP_CONFIG.scriptDirective.resources).toEqual(["'self'"]);
    expect(CSP_CONFIG.styleDirective.resources).toEqual(["'self'"]);
    expect(CSP_CONFIG.directives).toContain("frame-ancestors 'none'");
    expect(CSP_CONFIG.directives).toContain("img-src 'self' data: blob:");
  });

  it("a page that opens a fixed 'none' (the mail preview's frame-src 'self') gets just its sources: 'none' beside them would warn", () => {
    expect(withSources("default-src 'self'; frame-src 'none' 'self'; object-src 'none'", {})).toBe("default-src 'self'; frame-src 'self'; object-src 'none'");
  });
});
