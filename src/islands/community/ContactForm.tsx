import AccountForm from '../auth/AccountForm.tsx';
import { $contact } from '../../stores/community.ts';

/** Name, e-mail and message to the operator (prefilled for members); captcha when the site has one. */
export default function ContactForm({ siteKey, name = '', email = '' }: { siteKey: string; name?: string; email?: string }) {
  return (
    <AccountForm
      siteKey={siteKey}
      submitLabel="Send message"
      busyLabel="Sending…"
      state={$contact}
      fields={[
        { name: 'name', label: 'Your name', autoComplete: 'name', defaultValue: name, what: 'your name', required: true },
        {
          name: 'email',
          label: 'Your e-mail',
          type: 'email',
          autoComplete: 'email',
          defaultValue: email,
          what: 'your e-mail address',
          required: true,
          email: true,
        },
        { name: 'message', label: 'Message', type: 'textarea', what: 'your message', required: true },
      ]}
      onSubmit={(v, recaptchaToken) =>
        $contact.run({ name: v.name ?? '', email: (v.email ?? '').trim(), message: v.message ?? '', ...(recaptchaToken ? { recaptchaToken } : {}) })
      }
    />
  );
}
