/** fetch for the dashboard's internal JSON endpoints; throws with the server's message. */
export async function dashboardFetch<T = unknown>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init.headers } });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new Error(body.message ?? `HTTP ${res.status}`);
  return body as T;
}
