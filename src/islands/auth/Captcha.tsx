import { useEffect, useRef } from 'react';

declare global {
  interface Window {
    grecaptcha?: {
      ready: (cb: () => void) => void;
      render: (el: HTMLElement, opts: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }) => number;
    };
  }
}

let script: Promise<void> | null = null;
function loadScript(): Promise<void> {
  script ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    s.async = true;
    s.onload = () => window.grecaptcha!.ready(resolve);
    s.onerror = () => ((script = null), reject(new Error('The captcha could not load.')));
    document.head.append(s);
  });
  return script;
}

/** The provider's checkbox widget, only when the site has a captcha key (setting `recaptchaSiteKey`); reports its token. */
export default function Captcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey) return;
    let cancelled = false;
    loadScript()
      .then(() => {
        if (!cancelled && box.current) window.grecaptcha!.render(box.current, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken(null) });
      })
      .catch(() => onToken(null));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the widget is rendered once per site key; grecaptcha cannot render into the same box again
  }, [siteKey]);
  return siteKey ? <div ref={box} className="captcha" /> : null;
}
