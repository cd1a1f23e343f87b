import type { Config } from '../../../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

/** The gateways the configuration enables, Stripe first (it is the default when both are on). */
export function createGateways(config: Config['payments'], appSecret: string): PaymentGateway[] {
  const gateways: PaymentGateway[] = [];
  if (config.stripe) gateways.push(new StripeGateway(config.stripe));
  if (config.testGateway) gateways.push(new TestGateway(appSecret));
  return gateways;
}
