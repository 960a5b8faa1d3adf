// Reads a V8 .cpuprofile (node --cpu-prof) and prints where the busy time went: by package
// (node_modules/<name>, Next's compiled bundles, Node's internals, garbage collection) and the
// functions with the most self time. Idle time is left out of the shares.
import { f } from "./report";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

function groupOf(node: ProfileNode, cwd: string): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = file.slice(modules + "/node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (file.includes("/.next/server/")) return "our code (.next/server bundle)";
  return file.startsWith(cwd) ? `our code (${file.slice(cwd.length + 1).split("/")[0]})` : file;
}

/**
 * `fromUs`: leave out samples taken before this moment (microseconds of the monotonic clock that
 * V8's timestamps and Node's process.hrtime share on Linux), e.g. the server's start, whose module
 * loading (wrapSafe, readFileUtf8) would otherwise pass for per-request work.
 */
export function summariseProfile(profile: Profile, cwd: string, options: { top?: number; fromUs?: number } = {}) {
  const { top = 15, fromUs = 0 } = options;
  const self = new Map<number, number>();
  // A sample's time is the delta to the next sample (V8 writes the delta before each sample).
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= fromUs) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let busy = 0;
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") continue;
    busy += us;
    const group = groupOf(node, cwd);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const name = `${node.callFrame.functionName || "(anonymous)"}  [${group}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ""}]`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const share = (us: number) => `${f((100 * us) / busy, 1).padStart(5)} %`;
  console.log(`  busy ${f(busy / 1e6, 1)} s of samples; by package:`);
  for (const [group, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${share(us)}  ${group}`);
  console.log("  functions with the most self time:");
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${share(us)}  ${name}`);
}
