import { ClosureAnswer, ClosureTerms, CloseAccountBody } from '../../../shared/contracts/account-closure.ts';
import { ACCOUNT_CLOSURE } from '../../../shared/operations/security.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

/** "Close my account", from /account/data. Wrong passwords and codes count against the account (TwoFactorService.prove). */
export function accountClosureOperations(app: App) {
  const closure = app.services.accountClosure;
  return operations(ACCOUNT_CLOSURE, {
    terms: {
      operationId: 'account_closure_terms',
      summary: 'What closing my account means: my unused tokens, whether a refund may be asked, the days before erasure, whether a code is needed',
      tags: ['users'],
      access: 'member',
      response: ClosureTerms,
      errors: [401],
      run: (_input, ctx) => closure.terms(ctx.auth!.user),
    },
    close: {
      operationId: 'account_closure_close',
      summary: 'Close my account: the password (and a code where the second factor is on); logged out everywhere, erased after the grace days unless I log in',
      tags: ['users'],
      access: 'member',
      body: CloseAccountBody,
      response: ClosureAnswer,
      errors: [400, 401, 403, 409, 429],
      run: ({ body }, ctx) => closure.close(ctx.auth!.user, body),
    },
  });
}
