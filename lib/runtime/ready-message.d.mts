/** What a bounded worker thread posts when it is ready: its name under /proc, so its parent can read its CPU time. */
export type ReadyMessage = { ready: true; thread: string | null };

export function readyMessage(): ReadyMessage;
