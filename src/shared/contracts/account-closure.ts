import { Type, type Static } from 'typebox';

/** What "Close my account" needs to say before the member decides (the page's form). */
export const ClosureTerms = Type.Object({
  /** The member's unused tokens now. */
  balance: Type.Integer({ minimum: 0 }),
  /** The operator's settings let a closing member ask for a refund of them (otherwise they are lost). */
  refundsOffered: Type.Boolean(),
  /** Days between closing and erasure (logging in before cancels). */
  days: Type.Integer({ minimum: 0 }),
  /** The form asks for a code of the authenticator app (the second factor is on). */
  codeNeeded: Type.Boolean(),
});
export type ClosureTerms = Static<typeof ClosureTerms>;

export const CloseAccountBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 200, title: 'Password' }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 40, title: 'Code' })),
    /** Ask for a refund of the unused tokens (only where the operator offers it). */
    refund: Type.Optional(Type.Boolean({ title: 'Ask for a refund of my unused tokens' })),
  },
  { additionalProperties: false },
);
export type CloseAccountBody = Static<typeof CloseAccountBody>;

export const ClosureAnswer = Type.Object({
  /** When the account is erased unless the member logs in before. */
  closingAt: Type.String({ format: 'date-time' }),
  message: Type.String(),
});
export type ClosureAnswer = Static<typeof ClosureAnswer>;

/** A login's `notice` when it took back the account's closure. */
export const CLOSURE_CANCELLED = 'Welcome back: your account will not be closed.';
