import type { MessageResult } from '../contracts/accounts.ts';
import type { ContactBody } from '../contracts/community.ts';
import { op } from './operation.ts';

/** A message to the site operator. */
export const CONTACT = {
  send: op<{ body: ContactBody }, MessageResult>('POST', '/contact'),
};
