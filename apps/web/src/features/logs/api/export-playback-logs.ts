import { playbackExportRequestSchema, playbackExportSchema } from '@adloop/contract/reports';
import { useMutation } from '@tanstack/react-query';
import type { PlaybackLogFilters } from '@/features/logs/api/get-playback-logs';
import { http } from '@/lib/http';

/**
 * Asks for a CSV of every play the filters match. The answer is a short-lived link that the
 * server streams from the database, so the browser never holds the rows.
 */
export async function exportPlaybackLogs(filters: PlaybackLogFilters) {
  const body = await http.post<unknown>('/api/playback-logs/exports', playbackExportRequestSchema.parse(filters));
  return playbackExportSchema.parse(body).data;
}

/** Follows the link as a download: it needs no token, and the server names the file. */
export function downloadFrom(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function useExportPlaybackLogs() {
  return useMutation({
    mutationFn: exportPlaybackLogs,
    onSuccess: (file) => downloadFrom(file.url),
  });
}
