import { humanVersion, readFaceReaderFile } from "@/lib/adapters/faces/face-reader-files";
import { AppError } from "@/lib/errors";
import type { FaceReaderFile } from "@/lib/schemas/face-reader-files";

/**
 * A file of the verification page's face reader, under the version of human it was built with.
 * Another version is not found rather than answered with these bytes: the answer is cached for
 * good under its URL, and a page built with another version needs that version's files.
 */
export async function readFaceReaderFileOf(version: string, file: FaceReaderFile) {
  if (version !== humanVersion()) throw new AppError("NOT_FOUND", `Face reader files are served for version ${humanVersion()} only.`);
  return readFaceReaderFile(file);
}
