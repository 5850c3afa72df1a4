/**
 * Small document.cookie helpers; every cookie the app writes is first-party, path=/ and SameSite=Strict
 * (Secure over https). The server reads none of them (decision 078).
 */

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the async Cookie Store API is missing in some browsers; this is the one place that writes cookies.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=${Math.max(0, Math.floor(maxAgeSeconds))}; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string) {
  writeCookie(name, '', 0);
}
