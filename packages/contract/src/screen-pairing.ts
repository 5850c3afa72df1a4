import { z } from 'zod';
import { PAIRING_CODE_INPUT, PAIRING_CODE_MESSAGE } from './pairing-code.ts';
import { screenSessionSchema } from './screen.ts';

/** A pairing code as staff type it (decision 088); the server compares it normalised. */
export const pairingCodeSchema = z
  .string()
  .max(16, PAIRING_CODE_MESSAGE)
  .regex(PAIRING_CODE_INPUT, PAIRING_CODE_MESSAGE);

/** What a fresh display is given: the code to show, and the secret it asks for its session with. */
export const screenPairingSchema = z.object({
  code: z.string(),
  pairing_secret: z.string(),
  expires_at: z.string(),
  poll_seconds: z.number().int(),
});
export type ScreenPairing = z.infer<typeof screenPairingSchema>;

export const pairingSessionBodySchema = z
  .object({ pairing_secret: z.string().min(16, 'pairing_secret is not one this server gave').max(128) })
  .strict();
export type PairingSessionBody = z.infer<typeof pairingSessionBodySchema>;

/** A waiting display's answer: still waiting (until `expires_at`), or paired with its screen's session. */
export const pairingStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('WAITING'), expires_at: z.string() }),
  z.object({ status: z.literal('PAIRED'), session: screenSessionSchema }),
]);
export type PairingStatus = z.infer<typeof pairingStatusSchema>;

/** Staff attach the display showing `code` to a screen they may edit. */
export const pairingClaimBodySchema = z.object({ code: pairingCodeSchema }).strict();
export type PairingClaimBody = z.infer<typeof pairingClaimBodySchema>;
