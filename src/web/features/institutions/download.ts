import { ApiError } from '../../lib/api';
import { getToken } from '../../lib/storage';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // malformed: try the plain form
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a CSV the API streams (the token travels in the Authorization header, so a plain link
 * cannot be used): fetch → blob → a temporary object URL clicked as a download.
 */
export async function downloadCsv(path: string, query: Record<string, string | number>, fallback: string) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const token = getToken();
  const res = await fetch(`${path}?${params}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new ApiError({
      status: res.status,
      message: body.message ?? 'error.server',
      description: body.description,
    });
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallback);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return a.download;
}
