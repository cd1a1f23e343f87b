import { describe, expect, it } from 'vitest';
import { ApiError, messageOf, toFailure, type ApiFailure } from '../../src/shared/contracts/errors.ts';

describe('the client error union and its one message function (SPEC.md §8)', () => {
  const server = (message: string, code: 'INSUFFICIENT_BALANCE' | 'HTTP_ERROR' = 'INSUFFICIENT_BALANCE'): ApiFailure => ({
    kind: 'server',
    status: 422,
    code,
    message,
  });

  it("says 'Forbidden in the action!' for a 401, whatever the server wrote", () => {
    expect(messageOf({ kind: 'unauthorized', status: 401, code: 'UNAUTHORIZED', message: 'expired token' })).toBe('Forbidden in the action!');
  });

  it("gives the server's message for its answers", () => {
    expect(messageOf(server('You have an insufficient token balance. Please top up.'))).toBe('You have an insufficient token balance. Please top up.');
    expect(messageOf({ kind: 'rate_limited', status: 429, code: 'RATE_LIMITED', message: 'Too many logins. Try again in 9 seconds.', retryAfter: 9 })).toBe(
      'Too many logins. Try again in 9 seconds.',
    );
  });

  it("says 'Error occured, please try again later' when the server said nothing usable, or another fallback when given", () => {
    expect(messageOf({ kind: 'network', status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' })).toBe('Error occured, please try again later');
    expect(messageOf(server('Bad Gateway', 'HTTP_ERROR'))).toBe('Error occured, please try again later');
    expect(messageOf(server('', 'HTTP_ERROR'), 'Incorrect credentials!')).toBe('Incorrect credentials!');
  });

  it('turns anything thrown into the union: an ApiError keeps its failure, anything else is network', () => {
    const failure = server('no');
    expect(toFailure(new ApiError(failure))).toBe(failure);
    expect(toFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'network', status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
  });
});
