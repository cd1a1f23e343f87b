import type { Db } from '../../db/client.ts';
import { conflict, badRequest } from '../../errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { applyTokenDelta } from '../ledger/ledger.repository.ts';
import { findUserByLogin, insertUser, type UserRow } from './users.repository.ts';

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

/** Creates an account (operator CLI and seed); the opening balance is a ledger credit, never a bare number. */
export async function createUser(db: Db, input: CreateUserInput, passwordCost: number): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const username = (input.username ?? email.split('@')[0]!.replace(/[^a-z0-9_.-]/g, '')).toLowerCase();
  const problems: string[] = [];
  if (!EMAIL.test(email)) problems.push('email must be an e-mail address');
  if (!USERNAME.test(username)) problems.push('username must be 3-30 letters, digits, dots, dashes or underscores');
  if (input.password.length < 8) problems.push('password must have at least 8 characters');
  if (!input.name.trim()) problems.push('name is required');
  if (input.tokens !== undefined && (!Number.isInteger(input.tokens) || input.tokens < 0)) problems.push('tokens must be a whole number ≥ 0');
  if (problems.length) throw badRequest(problems.join('; '), 'VALIDATION_ERROR');
  if (await findUserByLogin(db, email)) throw conflict(`email ${email} is already taken`, 'EMAIL_TAKEN');
  if (await findUserByLogin(db, username)) throw conflict(`username ${username} is already taken`, 'USERNAME_TAKEN');
  const passwordHash = await hashPassword(input.password, passwordCost);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      username,
      name: input.name.trim(),
      passwordHash,
      roles: input.role === 'admin' ? ['member', 'admin'] : ['member'],
      verifiedEmail: input.verifiedEmail ?? true,
    });
    if (input.tokens) {
      const balance = await applyTokenDelta(tx, user.id, input.tokens, { reason: 'opening balance', refType: 'grant' });
      return { ...user, balance: balance! };
    }
    return user;
  });
}
