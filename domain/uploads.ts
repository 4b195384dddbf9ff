import { z } from "zod";
import { wireSchema } from "./wire-schema";

// Image uploads (spec/quiz-and-admin.md §5 "Upload", §7 "POST /api/upload", §8, §9): the limit
// and messages the upload field and the server share, and the answers. The spec's answer is
// { success, imageUrl } or { success: false, error }; a refusal also carries the API's error
// field `message` (the same text), so one error shape holds for every call.

/** The largest upload accepted, in bytes (spec §9: 5 MB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The multipart form field that carries the file. */
export const UPLOAD_FIELD = "image";

/** The upload messages of spec §5 and §8, and ours for a picture too large to decode. */
export const UPLOAD_TEXT = {
  invalidTypeTitle: "Invalid file type",
  invalidTypeDescription: "Please upload an image file (JPEG, PNG, GIF, etc.)",
  tooLargeTitle: "File too large",
  tooLargeDescription: "Image size must be less than 5MB",
  tooManyPixels: "Image dimensions are too large",
  failedTitle: "Upload failed",
  unknownError: "An unknown error occurred",
  successTitle: "Image uploaded",
  successDescription: "Image has been uploaded successfully",
} as const;

/** 200: where the stored image is served (/uploads/<hash>.webp). */
export const uploadSuccessSchema = wireSchema(() =>
  z.object({
    success: z.literal(true),
    imageUrl: z.string(),
  }),
);

/** 400, 413, 415: why the upload was refused, as `error` (the spec's) and `message` (the API's). */
export const uploadErrorSchema = wireSchema(() =>
  z.object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
  }),
);

export type UploadAnswer = z.infer<typeof uploadSuccessSchema> | z.infer<typeof uploadErrorSchema>;
