import { z } from "zod";

/**
 * The files the verification page's face reader loads from this app, never from a CDN: the face
 * box and head pose models (blazeface, facemesh) of @vladmandic/human and TensorFlow's WASM
 * backend, with and without SIMD. The threaded WASM build is left out: browsers give it threads
 * only on cross-origin isolated pages, which the verification page is not.
 */
export const FACE_READER_FILES = ["blazeface.json", "blazeface.bin", "facemesh.json", "facemesh.bin", "tfjs-backend-wasm.wasm", "tfjs-backend-wasm-simd.wasm"] as const;
export type FaceReaderFile = (typeof FACE_READER_FILES)[number];

/** The version in the path is @vladmandic/human's: the files are cached for good under it. */
export const faceReaderFileParams = z.object({ version: z.string().regex(/^\d+\.\d+\.\d+$/).meta({ example: "3.3.6" }), file: z.enum(FACE_READER_FILES) });

/** Where the page finds them: models and .wasm under one folder. */
export const faceReaderBase = (version: string) => `/identity/verify/models/${version}/`;
