// Browser side: calls to the dashboard's JSON endpoints with the session's CSRF token.
// In: a URL and a body. Out: the parsed JSON answer, or ApiFailure with the server's { error, code, status }.

/** A failed call: the server's message and code, or a network failure (status 0). */
export class ApiFailure extends Error {
  constructor(message: string, readonly code: string, readonly status: number) {
    super(message);
  }
}

/** The CSRF token the page was rendered with. */
export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** POSTs `body` (JSON, or raw bytes for uploads) and returns the JSON answer. Throws ApiFailure. */
export async function post<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const raw = body instanceof Blob;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST', signal, credentials: 'same-origin',
      headers: { 'x-csrf-token': csrfToken(), accept: 'application/json', 'content-type': raw ? 'application/octet-stream' : 'application/json' },
      body: raw ? body : JSON.stringify(body),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiFailure('The server cannot be reached. Check that Quire is running.', 'NETWORK', 0);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch { /* not JSON */ }
  if (!res.ok) {
    const d = data as { error?: string; code?: string } | null;
    if (res.status === 401) window.dispatchEvent(new CustomEvent('quire:signed-out'));
    throw new ApiFailure(d?.error ?? `HTTP ${res.status}`, d?.code ?? 'HTTP', res.status);
  }
  return data as T;
}
