import { PaymentGateways } from '../../../shared/contracts/tokens.ts';
import { PAYMENTS } from '../../../shared/operations/payments.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export const paymentsOperations = (app: App) =>
  operations(PAYMENTS, {
    gateways: {
      summary: 'The payment gateways enabled on this site',
      tags: ['payments'],
      access: 'anyone',
      response: PaymentGateways,
      errors: [],
      run: () => ({ gateways: app.services.payments.gatewayNames() }),
    },
  });
