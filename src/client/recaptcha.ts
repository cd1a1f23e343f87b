declare global {
  interface Window {
    grecaptcha?: {
      ready: (cb: () => void) => void;
      render: (el: HTMLElement, opts: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }) => number;
    };
  }
}

let script: Promise<NonNullable<Window['grecaptcha']>> | null = null;

/** The captcha provider's script, loaded once per page (again after a failure). */
export function loadRecaptcha(): Promise<NonNullable<Window['grecaptcha']>> {
  script ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    s.async = true;
    s.onload = () => window.grecaptcha!.ready(() => resolve(window.grecaptcha!));
    s.onerror = () => ((script = null), reject(new Error('The captcha could not load.')));
    document.head.append(s);
  });
  return script;
}
