import { checkFrontPicture, type FrontPictureProblem } from "./front-picture";
import type { IneFrontReader } from "./ine-front-reader";
import { combinedIneFrontReader } from "./paddle-front-reader";
import { readIneFront, type FrontReadWhole } from "./read-ine-front";
import type { FoundCard } from "@/lib/adapters/vision/find-card";
import type { OcrWord } from "@/lib/mx/ine-front";

/**
 * What the services ask of a picture of an INE front: the card found and judged
 * (front-picture's checkFrontPicture), the front read whole (readIneFront), or one picture's
 * words. The combined reader's are read in the front reading pool's thread
 * (front-reading-pool.ts), off the thread that answers HTTP; any other reader (a test's) here.
 */
export interface FrontReading {
  check(picture: Uint8Array): Promise<{ found: FoundCard; problem: FrontPictureProblem | null }>;
  readWhole(picture: Uint8Array, found?: FoundCard): Promise<FrontReadWhole>;
  readWords(image: Uint8Array): Promise<OcrWord[]>;
}

/** The words as the services use them (text and box): Paddle's lattices stay where they were made. */
const plainWords = (words: OcrWord[]): OcrWord[] => words.map(({ text, x0, y0, x1, y1 }) => ({ text, x0, y0, x1, y1 }));

/** The reading done in the calling thread with `reader`. */
export function readingHere(reader: IneFrontReader): FrontReading {
  return {
    check: (picture) => checkFrontPicture(picture),
    readWhole: async (picture, found) => {
      const read = await readIneFront(reader, picture, found);
      return { ...read, words: plainWords(read.words) };
    },
    readWords: async (image) => plainWords(await reader.read(image)),
  };
}

/** The combined reader's reading, as the pool's thread runs it. */
export const combinedReadingHere = readingHere(combinedIneFrontReader);
