/**
 * A JSON POST to an outside registry (the utility portal, the voter roll), with a deadline.
 * What can pass by waiting (no answer, a timeout, 429, 5xx) is a RegistryUnavailableError, which
 * the jobs retry; any other non-2xx is a RegistryRefusedError (bad credentials, a bad request).
 */
export class RegistryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryUnavailableError";
  }
}

export class RegistryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryRefusedError";
  }
}

export async function postRegistry(
  url: string,
  body: unknown,
  options: { token?: string; timeoutMs: number; name: string },
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "error",
    });
  } catch (err) {
    throw new RegistryUnavailableError(`${options.name} did not answer: ${(err as Error).message}`);
  }
  if (res.status === 429 || res.status >= 500) throw new RegistryUnavailableError(`${options.name} answered ${res.status}`);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new RegistryUnavailableError(`${options.name} answered ${res.status} with a body that is not JSON`);
  }
  if (res.status >= 400 && res.status !== 404) throw new RegistryRefusedError(`${options.name} refused the query (${res.status})`);
  return { status: res.status, json };
}
