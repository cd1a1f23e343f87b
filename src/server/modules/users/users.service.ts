import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/client.ts';
import { conflict, invalid } from '../../errors.ts';
import { hashPassword } from '../../lib/auth/password.ts';
import { applyTokenDelta } from '../ledger/ledger.repository.ts';
import { findUserByLogin, insertUser, type UserRow } from './users.repository.ts';
import { PASSWORD_MIN, PASSWORD_POLICY, USERNAME_POLICY } from '../../../shared/contracts/accounts.ts';

export interface CreateUserInput {
  email: string;
  password: string;
  name: string;
  username?: string;
  role?: 'member' | 'admin';
  tokens?: number;
  verifiedEmail?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[a-z0-9][a-z0-9_.-]{2,29}$/;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const isEmail = (email: string) => email.length <= 254 && EMAIL.test(email);
export const isUsername = (username: string) => USERNAME.test(username);
/** The password policy (PASSWORD_POLICY): long enough, at least one letter and one digit. */
export const isStrongPassword = (p: string) => p.length >= PASSWORD_MIN && /\p{L}/u.test(p) && /\d/.test(p);

/** 409 naming which of e-mail and username is taken, for a unique violation on users; other errors unchanged. */
export function takenError(err: unknown, email: string, username: string): unknown {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_email_key') return conflict(`The e-mail address ${email} is already registered.`, 'EMAIL_TAKEN');
  if (constraint === 'users_username_key') return conflict(`The username ${username} is already taken.`, 'USERNAME_TAKEN');
  return err;
}

/** Creates an account (registration, operator CLI, seed); the opening balance is a ledger credit, never a bare number. */
export async function createUser(db: Db, input: CreateUserInput, passwordCost: number): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const username = (input.username ?? email.split('@')[0]!.replace(/[^a-z0-9_.-]/g, '')).trim().toLowerCase();
  const problems: Record<string, string> = {};
  if (!input.name.trim()) problems.name = 'Name is required.';
  if (!isEmail(email)) problems.email = 'E-mail must be an e-mail address.';
  if (!isUsername(username)) problems.username = USERNAME_POLICY;
  if (!isStrongPassword(input.password)) problems.password = PASSWORD_POLICY;
  if (input.tokens !== undefined && (!Number.isInteger(input.tokens) || input.tokens < 0)) problems.tokens = 'Tokens must be a whole number, 0 or more.';
  if (Object.keys(problems).length) throw invalid(problems);
  if (await findUserByLogin(db, email)) throw takenError({ code: '23505', constraint: 'users_email_key' }, email, username);
  if (await findUserByLogin(db, username)) throw takenError({ code: '23505', constraint: 'users_username_key' }, email, username);
  const passwordHash = await hashPassword(input.password, passwordCost);
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        username,
        name: input.name.trim(),
        passwordHash,
        roles: input.role === 'admin' ? ['member', 'admin'] : ['member'],
        verifiedEmail: input.verifiedEmail ?? true,
      });
      if (input.tokens) {
        const balance = await applyTokenDelta(tx, user.id, input.tokens, { reason: 'opening balance', refType: 'adjustment' });
        return { ...user, balance: balance! };
      }
      return user;
    });
  } catch (err) {
    throw takenError(err, email, username); // two registrations racing for one name
  }
}
