import { execFileSync } from "node:child_process";
import { MEDIA } from "./camera";

/** Once per run, before the workers: the card images and camera videos specs read from MEDIA. */
export default function globalSetup() {
  execFileSync("npx", ["tsx", "e2e/make-identity-media.ts", MEDIA], { stdio: "inherit" });
}
