// `npm start` on a fresh clone (or after a pull) builds first: runs `next build` when there is
// no build yet or a source file is newer than it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildId = path.join(".next", "BUILD_ID");
const sources = ["app", "components", "lib", "messages", "public", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt && changedAt <= builtAt) process.exit(0);

console.log(builtAt ? "Sources changed since the last build: building…" : "First start: building the app (about a minute)…");
const started = Date.now();
const result = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
