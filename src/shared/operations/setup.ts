import type { SetupBody, SetupResult, SetupStatus } from '../contracts/setup.ts';
import { op } from './operation.ts';

/** First run: whether the site still needs its admin, and creating that admin with the setup token. */
export const SETUP = {
  status: op<object, SetupStatus>('GET', '/setup/status'),
  createAdmin: op<{ body: SetupBody }, SetupResult>('POST', '/setup'),
};
