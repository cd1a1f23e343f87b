/**
 * Freezes `value` and everything in it, so that what many renders share (a stored answer, the cards drawn from it)
 * cannot be changed by one of them: an attempt throws (strict mode) instead of altering the renders after it.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
