import { http } from '@/lib/http';

/** Spec §7 calls GET /api/health at app start and leaves its answer unused; a failure is only logged. */
export function pingHealth() {
  http.get('/api/health', { auth: false, silent: true }).catch((error: unknown) => {
    console.warn('Health check failed', error);
  });
}
