import { ApiError } from './api';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // malformed: use the plain form
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a file the API sends (so its errors can be shown on the page, a plain link is not used):
 * fetch → blob → a temporary object URL clicked as a download. Returns the file name.
 */
export async function downloadFile(path: string, query: Record<string, string | number>, fallback: string) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const qs = params.toString();
  const res = await fetch(qs ? `${path}?${qs}` : path, {
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
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallback);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return a.download;
}
