const resets = new Set<() => void>();

/** Every store module registers how to restore its initial state. */
export function onResetAll(reset: () => void): void {
  resets.add(reset);
}

/** Restores every slice to its initial state (SPEC.md §4). */
export function resetAll(): void {
  for (const reset of resets) reset();
}
