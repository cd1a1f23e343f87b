import { useStore } from '@nanostores/react';
import type { ClosureTerms } from '../../shared/contracts/account-closure.ts';
import { $closeAccount, closeAccount } from '../../stores/account-closure.ts';
import Field from '../forms/Field.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';

interface Props {
  terms: ClosureTerms;
}

const tokens = (n: number) => `${n} token${n === 1 ? '' : 's'}`;

/** What closing means for the member's balance, in the operator's terms. */
function balanceWords({ balance, refundsOffered }: ClosureTerms): string {
  if (balance === 0) return 'You have no unused tokens.';
  if (refundsOffered) return `You have ${tokens(balance)} left. They are lost when your account is erased, unless you ask for a refund below.`;
  return `You have ${tokens(balance)} left. They are lost when your account is erased: spend them first if you want to.`;
}

/** "Close my account": what happens, the password (and a code where the second factor is on), then logged out. */
export default function CloseAccount({ terms }: Props) {
  const state = useStore($closeAccount);
  const rules = [
    { name: 'password', what: 'your password', required: true },
    ...(terms.codeNeeded ? [{ name: 'code', what: 'a code from your authenticator app', required: true }] : []),
  ];
  const { form, errorOf, summary, busy, onSubmit } = useCheckedForm(state, rules);
  const submit = onSubmit((values) =>
    closeAccount({
      password: values.password!,
      ...(terms.codeNeeded ? { code: values.code! } : {}),
      ...(values.refund ? { refund: true } : {}),
    }),
  );

  return (
    <form method="post" ref={form} onSubmit={submit} className="panel" aria-labelledby="close-account-title" noValidate data-testid="close-account">
      <h2 id="close-account-title">Close my account</h2>
      <p>
        Closing it logs you out everywhere at once. {terms.days > 0 ? `${terms.days} days later` : 'Within the hour'} we erase your profile, pictures, addresses
        and the ways you log in; payments, orders and token history stay, without your name, because the law makes us keep them. Log in before then and your
        account stays as it is.
      </p>
      <p data-testid="close-account-balance">{balanceWords(terms)}</p>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <div className="form-grid">
        <Field name="password" id="close-password" label="Password" type="password" autoComplete="current-password" error={errorOf('password')} />
        {terms.codeNeeded && (
          <Field
            name="code"
            id="close-code"
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="From your authenticator app, or a recovery code."
            error={errorOf('code')}
          />
        )}
      </div>
      {terms.refundsOffered && terms.balance > 0 && (
        <label className="checkbox">
          <input type="checkbox" name="refund" value="yes" /> Ask for a refund of my {tokens(terms.balance)}
        </label>
      )}
      <button type="submit" className="btn btn-danger" disabled={busy} aria-busy={busy}>
        {busy ? 'Closing…' : 'Close my account'}
      </button>
    </form>
  );
}
