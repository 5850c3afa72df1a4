import { afterEach } from 'vitest';
import { useTestHashCost } from '../../src/modules/auth/passwords.ts';
import { takeResponseMismatches } from './response-validation.ts';

// Every test user and screen is hashed, and every sign-in verified: at production's cost that was most of the suite's time.
useTestHashCost();

// An answer that its operation's OpenAPI documentation does not allow fails the test that asked for it (decision 094).
afterEach(() => {
  const mismatches = takeResponseMismatches();
  if (mismatches.length > 0) {
    throw new Error(
      `${mismatches.length} answer(s) differ from the OpenAPI document (apps/server/test/helpers/response-validation.ts):\n- ${mismatches.join('\n- ')}`,
    );
  }
});
