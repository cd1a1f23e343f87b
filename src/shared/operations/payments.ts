import type { PaymentGateways } from '../contracts/tokens.ts';
import { op } from './operation.ts';

/** Payments (SPEC.md: /payment, /package). */
export const PAYMENTS = {
  gateways: op<object, PaymentGateways>('payments_gateways', 'GET', '/payment/gateways'),
};
