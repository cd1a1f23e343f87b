import type { Static } from 'typebox';
import type { Health, Readiness } from '../contracts/settings.ts';
import { op } from './operation.ts';

/** Liveness and readiness (for monitors and load balancers). */
export const HEALTH = {
  live: op<object, Static<typeof Health>>('GET', '/health'),
  ready: op<object, Static<typeof Readiness>>('GET', '/ready'),
};
