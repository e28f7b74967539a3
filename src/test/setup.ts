import { afterEach, beforeEach, vi } from 'vitest';

/** Tests fail on unexpected console.error: collect calls and fail the test that made them. */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const text = errors.map((a) => a.map(String).join(' ')).join('\n');
    throw new Error(`unexpected console.error:\n${text}`);
  }
});
