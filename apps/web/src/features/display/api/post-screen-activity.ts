import type { ScreenActivityBody } from '@adloop/contract/screen';
import { http } from '@/lib/http';

export type ScreenActivityKind = 'online' | 'offline' | 'heartbeat';

/** Posts what the screen says of itself; silent, because spec §8 only logs (or keeps for retry) a failure. */
export function postScreenActivity(kind: ScreenActivityKind, token: string, body: ScreenActivityBody) {
  return http.post<unknown>(`/api/screen-activity/${kind}`, body, { token, silent: true });
}
