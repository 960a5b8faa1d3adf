import fs from "node:fs";
import path from "node:path";

// The sandbox people's card images and the fake camera's videos (make-identity-media.ts), made
// once before any worker starts (e2e/global-setup.ts). Made here, on import, each of the two
// workers wrote them again while the other's Chromium was playing the video from the same file.
export const MEDIA = path.resolve("test-results/identity-media");

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
