import { apiRoute } from "@/lib/http/api-route";
import { faceReaderFileParams } from "@/lib/schemas/face-reader-files";
import { readFaceReaderFileOf } from "@/lib/services/identity-sessions/read-face-reader-file";

// The verification page's face reader (models and .wasm), from the app itself: no CDN sees who
// verifies. The version is in the path, so the files are cached for good. Next gzips the JSON and
// WASM answers, not the weights (application/octet-stream), and drops a Content-Encoding set here:
// a proxy in front may compress the .bin files (2 MB -> 1.7 MB).
export const GET = apiRoute({ auth: "none", params: faceReaderFileParams }, async ({ params }) => {
  const file = await readFaceReaderFileOf(params.version, params.file);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
