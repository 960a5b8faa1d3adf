import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The sandbox people's card images and the fake camera's videos (make-identity-media.ts), made
// when a spec imports this, before its browser starts (Chromium reads the video file at launch).
export const MEDIA = path.resolve("test-results/identity-media");
execFileSync("npx", ["tsx", "e2e/make-identity-media.ts", MEDIA], { stdio: "inherit" });

/** Chromium with a fake camera playing `video` from MEDIA (it loops the file). */
export const withCamera = (video: string) => ({
  launchOptions: {
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${path.join(MEDIA, video)}`,
    ],
  },
  permissions: ["camera"],
});
