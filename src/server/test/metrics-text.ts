/**
 * The value of one sample in Prometheus text: `name` with exactly these labels (in any order), or
 * undefined when the page has no such sample.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have =
      (m[2] ?? '')
        .match(/\w+="(?:[^"\\]|\\.)*"/g)
        ?.sort()
        .join(',') ?? '';
    if (have === want) return Number(m[3]);
  }
  return undefined;
}

/** GET /metrics of a metrics listener: its status and text. */
export async function scrape(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
