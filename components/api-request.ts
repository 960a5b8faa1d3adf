/** An error answer of the /v1 API: {message, errors?: {"field.path": [message]}}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type ErrorBody = { message?: string; errors?: Record<string, string[]> };

function toApiError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as ErrorBody;
  return new ApiError(status, b.message ?? `HTTP ${status}`, b.errors ?? {});
}

/**
 * JSON call to the signing API with the session cookie; the browser adds Origin to writes,
 * which the API requires for cookie-authenticated changes.
 */
export async function apiRequest<T = unknown>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw toApiError(res.status, body);
  return body as T;
}

/**
 * multipart POST through XMLHttpRequest: fetch cannot report upload progress, XHR can.
 * Resolves with the parsed answer on 2xx; rejects with ApiError otherwise.
 */
export function uploadWithProgress<T = unknown>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    // A small file may finish before any progress event fires: the end of the upload is 100%.
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as T);
      else reject(toApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error"));
    xhr.send(form);
  });
}
