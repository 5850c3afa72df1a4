import type { PlaybackLogEntry, RefusedPlay } from '@adloop/contract/screen';
import { http } from '@/lib/http';

export type PlaybackBatchResult = { stored: string[]; duplicates: string[]; refused: RefusedPlay[] };

/** Sends a batch of plays; silent, because spec §8 only logs a failed playback log (the queue retries). */
export async function postPlays(token: string, logs: readonly PlaybackLogEntry[]): Promise<PlaybackBatchResult> {
  const response = await http.post<{ data: PlaybackBatchResult }>(
    '/api/playback-logs/log',
    // The screen's clock as it sends: the server reads the plays on its own clock (decision 036).
    { logs, sent_at: new Date().toISOString() },
    { token, silent: true },
  );
  return {
    stored: response.data.stored ?? [],
    duplicates: response.data.duplicates ?? [],
    refused: response.data.refused ?? [],
  };
}
