import { PLAYER_HEALTH_LIMITS } from '@adloop/contract/constants';

let lastFailure: string | undefined;

/** Logs a failure the player gets over by itself, and keeps it as the last error its heartbeat reports (decision 060). */
export function logFailure(message: string, ...details: unknown[]) {
  lastFailure = message.slice(0, PLAYER_HEALTH_LIMITS.lastErrorLength);
  console.warn(message, ...details);
}

export const lastFailureMessage = () => lastFailure;
