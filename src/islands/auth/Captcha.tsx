import { useEffect, useRef } from 'react';
import { loadRecaptcha } from '../../client/recaptcha.ts';

/** The provider's checkbox widget, only when the site has a captcha key (setting `recaptchaSiteKey`); reports its token. */
export default function Captcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey) return;
    let cancelled = false;
    loadRecaptcha()
      .then((grecaptcha) => {
        if (!cancelled && box.current) grecaptcha.render(box.current, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken(null) });
      })
      .catch(() => onToken(null));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the widget is rendered once per site key; grecaptcha cannot render into the same box again
  }, [siteKey]);
  return siteKey ? <div ref={box} className="captcha" /> : null;
}
