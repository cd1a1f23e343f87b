import AccountForm from '../auth/AccountForm.tsx';
import { sendContact } from '../../stores/community.ts';

/** Name, e-mail and message to the operator (prefilled for members); captcha when the site has one. */
export default function ContactForm({ siteKey, name = '', email = '' }: { siteKey: string; name?: string; email?: string }) {
  return (
    <AccountForm
      siteKey={siteKey}
      submitLabel="Send message"
      busyLabel="Sending…"
      fields={[
        { name: 'name', label: 'Your name', autoComplete: 'name', defaultValue: name },
        { name: 'email', label: 'Your e-mail', type: 'email', autoComplete: 'email', defaultValue: email },
        { name: 'message', label: 'Message', type: 'textarea' },
      ]}
      onSubmit={(v, recaptchaToken) =>
        sendContact({ name: v.name ?? '', email: (v.email ?? '').trim(), message: v.message ?? '', ...(recaptchaToken ? { recaptchaToken } : {}) })
      }
    />
  );
}
