import { FrontReadingBusyError, frontReadingFull } from "@/lib/adapters/ocr/front-reading-pool";
import { AppError } from "@/lib/errors";

// The server is busy, not the picture wrong: the same picture is read if sent again later.
const busy = (seconds: number) => new AppError("UNAVAILABLE", `Estamos leyendo muchas fotos en este momento; intenta de nuevo en ${seconds} segundos.`, undefined, { "Retry-After": String(seconds) });

/** `reading`, with a full front reading line (lib/adapters/ocr/front-reading-pool) answered 503 with Retry-After. */
export async function unlessReadingBusy<T>(reading: Promise<T>): Promise<T> {
  try {
    return await reading;
  } catch (err) {
    throw err instanceof FrontReadingBusyError ? busy(err.retryAfterSeconds) : err;
  }
}

/** The same answer before a call is recorded and charged, when its front would be refused now. */
export function refuseWhenReadingBusy(): void {
  if (frontReadingFull()) throw busy(new FrontReadingBusyError().retryAfterSeconds);
}
