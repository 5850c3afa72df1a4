import { useTestHashCost } from '../../src/modules/auth/passwords.ts';

// Every test user and screen is hashed, and every sign-in verified: at production's cost that was most of the suite's time.
useTestHashCost();
