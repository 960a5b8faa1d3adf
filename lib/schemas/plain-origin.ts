// No imports: next.config.ts loads the CSP writer (lib/http/content-security-policy.ts), which uses this.
const PLAIN_ORIGIN = /^(https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*|http:\/\/(localhost|127\.0\.0\.1))(:\d{1,5})?$/;

/**
 * Whether a string is an origin as embedOrigin keeps it: https://host[:port] (http only on
 * loopback), the host in letters, digits, hyphens and dots, as CSP's host-source grammar reads
 * it. The CSP writer emits nothing else in frame-ancestors, whatever a stored list holds.
 */
export const isPlainOrigin = (value: string) => PLAIN_ORIGIN.test(value);
