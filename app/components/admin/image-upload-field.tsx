import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import ImageOffNode from "lucide/dist/esm/icons/image-off.mjs";
import ImagesNode from "lucide/dist/esm/icons/images.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import UploadNode from "lucide/dist/esm/icons/upload.mjs";
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { FieldErrors, INPUT_CLASS } from "#app/components/form/field.tsx";
import { setFieldInput } from "#app/components/form/use-kit-form.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError, callApi } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { uploadedImageHash } from "#domain/upload-urls.ts";

const ImageOff = icon("image-off", ImageOffNode);
const Images = icon("images", ImagesNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const Trash2 = icon("trash", Trash2Node);
const Upload = icon("upload", UploadNode);

// The media library's picker loads when "Choose from library" is first pointed at, focused or
// pressed, not with every form that has an image (decision 069).
const loadMediaPicker = () => import("#app/components/admin/media-picker-dialog.tsx");
const MediaPickerDialog = lazy(() => loadMediaPicker().then((module) => ({ default: module.MediaPickerDialog })));

/** The upload limit of spec §9 (the server refuses anything bigger with 413). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The image upload messages of spec §5 "Upload" and §8 "Upload". */
export const UPLOAD_TEXT = {
  invalidTypeTitle: "Invalid file type",
  invalidTypeDescription: "Please upload an image file (JPEG, PNG, GIF, etc.)",
  tooLargeTitle: "File too large",
  tooLargeDescription: "Image size must be less than 5MB",
  failedTitle: "Upload failed",
  unknownError: "An unknown error occurred",
  successTitle: "Image uploaded",
  successDescription: "Image has been uploaded successfully",
} as const;

interface UploadResponse {
  success?: unknown;
  imageUrl?: unknown;
  error?: unknown;
  message?: unknown;
}

/** POST /api/upload; the stored image's URL (with a leading slash), or throws with the reason. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append("image", file);
  let parsed: UploadResponse;
  try {
    parsed = (await callApi<UploadResponse | null>("POST", "/api/upload", { form: body })).data ?? {};
  } catch (error) {
    // The server's own sentence when it sent one (upload errors say it as `error` too), else
    // "{status}: {body text}" (spec §7).
    if (error instanceof ApiError) {
      const said = error.body.error;
      throw new Error(typeof said === "string" && said.trim() ? said : (error.serverMessage ?? error.message));
    }
    throw error;
  }
  if (parsed.success !== true || typeof parsed.imageUrl !== "string" || parsed.imageUrl === "") {
    const said = [parsed.error, parsed.message].find((v) => typeof v === "string" && v.trim() !== "");
    throw new Error(typeof said === "string" ? said : UPLOAD_TEXT.unknownError);
  }
  return parsed.imageUrl.startsWith("/") || /^https?:\/\//i.test(parsed.imageUrl)
    ? parsed.imageUrl
    : `/${parsed.imageUrl}`;
}

// A data: URL rather than an object URL: the Content-Security-Policy allows data: images.
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The browser-side check of spec §5 "Upload"; the toast to show, or null when the file may go. */
export function checkImageFile(file: Pick<File, "type" | "size">): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) {
    return { title: UPLOAD_TEXT.invalidTypeTitle, description: UPLOAD_TEXT.invalidTypeDescription };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return { title: UPLOAD_TEXT.tooLargeTitle, description: UPLOAD_TEXT.tooLargeDescription };
  }
  return null;
}

/**
 * A kit field for an image chosen by web address or by upload, with a preview. The address is
 * the field's own text input, so the form posts it (before the scripts run too) and Conform
 * checks it and shows its message under it. A picked file is checked in the browser, shown at
 * once, then uploaded, and its address goes into the input; if the upload fails the preview
 * goes back to the previous image and the input keeps it.
 */
export function ImageUploadField({
  field,
  label,
  urlLabel = "Image URL",
  uploadLabel = "Upload image",
  disabled = false,
  onBusyChange,
  alt,
}: {
  field: FieldMetadata<string | null | undefined>;
  label: string;
  /** the address box's and the upload button's names: a form with two image fields names them apart */
  urlLabel?: string;
  uploadLabel?: string;
  disabled?: boolean;
  /** told when an upload starts and ends, so the form can wait before saving */
  onBusyChange?: (busy: boolean) => void;
  /**
   * The image's alt text, edited right under the image and saved with the form. `libraryOnly`:
   * it is kept with the image in the media library alone (a product's), so an image at another
   * address cannot have one.
   */
  alt?: { field: FieldMetadata<string | null | undefined>; label: string; libraryOnly?: boolean };
}) {
  const hydrated = useHydrated();
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // the picker is mounted from its first opening on (it loads then)
  const [pickerOpened, setPickerOpened] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const busyRef = useRef(onBusyChange);
  busyRef.current = onBusyChange;

  useEffect(() => {
    busyRef.current?.(uploading);
  }, [uploading]);

  // Conform's live value of the address (it follows typing and uploads alike).
  const value = typeof field.value === "string" && field.value !== "" ? field.value : null;
  const preview = pendingPreview ?? value;
  const locked = disabled || uploading || !hydrated;
  const hintId = `${field.id}-hint`;
  const { key, ...inputProps } = getInputProps(field, { type: "text" });
  const altInput = useRef<HTMLInputElement | null>(null);
  // An image from the library brings its description along, unless one is written already.
  const adoptAlt = (text: string | null | undefined) => {
    if (alt && text && altInput.current && altInput.current.value.trim() === "") setFieldInput(altInput.current, text);
  };
  const altOutsideLibrary = alt?.libraryOnly === true && value !== null && uploadedImageHash(value) === null;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared at once, so picking the same file again still fires a change.
    input.value = "";
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) {
      toast({ ...refused, variant: "destructive" });
      return;
    }

    setUploading(true);
    try {
      setPendingPreview(await readAsDataUrl(file).catch(() => null));
      const url = await uploadImage(file);
      setFieldInput(inputRef.current, url);
      toast({ title: UPLOAD_TEXT.successTitle, description: UPLOAD_TEXT.successDescription });
    } catch (failure) {
      console.error("POST /api/upload failed", failure);
      const description = failure instanceof Error && failure.message ? failure.message : UPLOAD_TEXT.unknownError;
      toast({ title: UPLOAD_TEXT.failedTitle, description, variant: "destructive" });
    } finally {
      // On success the new value shows; on failure the previous one comes back.
      setPendingPreview(null);
      setUploading(false);
    }
  }

  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className="block text-sm font-bold">{label}</legend>
      <div className="mt-1 grid gap-3 sm:grid-cols-[8rem_1fr] sm:items-start">
        <div
          className="flex aspect-[4/3] w-32 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-stone-100"
          data-testid={`${field.id}-preview`}
        >
          {preview && brokenPreview !== preview ? (
            <img
              src={preview}
              alt={`${label} preview`}
              className={`size-full object-cover ${uploading ? "opacity-60" : ""}`}
              onError={() => setBrokenPreview(preview)}
            />
          ) : (
            <span className="flex flex-col items-center gap-1 px-2 text-center text-xs text-muted">
              <ImageOff className="size-6" aria-hidden="true" />
              {preview ? "Image could not be loaded" : "No image"}
            </span>
          )}
        </div>
        <div className="grid min-w-0 gap-3">
          <div>
            <label htmlFor={field.id} className="block text-sm font-semibold text-muted">
              {urlLabel}
            </label>
            <input
              {...inputProps}
              key={key}
              ref={inputRef}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://... or upload an image"
              // Read-only rather than disabled while uploading: a disabled input is not posted.
              readOnly={uploading}
              disabled={disabled}
              className={INPUT_CLASS}
            />
            <FieldErrors id={field.errorId} errors={field.errors} />
          </div>
          {alt ? <AltTextInput alt={alt} inputRef={altInput} outsideLibrary={altOutsideLibrary} /> : null}
          <div className="flex flex-wrap items-center gap-2">
            {/* The real file input stays in the page (keyboard, screen readers, tests); the label is its button. */}
            <input
              id={`${field.id}-file`}
              type="file"
              accept="image/*"
              disabled={locked}
              onChange={onFile}
              className="peer sr-only"
            />
            <label
              htmlFor={`${field.id}-file`}
              className={`${buttonClass("secondary", "sm")} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
            >
              {uploading ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              ) : (
                <Upload className="size-4" aria-hidden="true" />
              )}
              {uploading ? "Uploading..." : uploadLabel}
            </label>
            {/* An image already uploaded is reused from the media library instead of uploaded again. */}
            <button
              type="button"
              onClick={() => {
                setPickerOpened(true);
                setPicking(true);
              }}
              onPointerEnter={() => void loadMediaPicker()}
              onFocus={() => void loadMediaPicker()}
              disabled={locked}
              aria-haspopup="dialog"
              className={buttonClass("secondary", "sm")}
            >
              <Images className="size-4" aria-hidden="true" />
              Choose from library
              <span className="sr-only"> for {label}</span>
            </button>
            {value && !uploading ? (
              <button
                type="button"
                onClick={() => setFieldInput(inputRef.current, "")}
                disabled={disabled || !hydrated}
                className={buttonClass("ghost", "sm")}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove image
              </button>
            ) : null}
          </div>
          <p id={hintId} className="text-sm text-muted">
            JPEG, PNG, GIF or WebP, up to 5 MB.
          </p>
          <p role="status" className="sr-only">
            {uploading ? "Uploading image..." : ""}
          </p>
        </div>
      </div>
      {pickerOpened ? (
        <Suspense fallback={null}>
          <MediaPickerDialog
            open={picking}
            label={label}
            onClose={() => setPicking(false)}
            onPick={(url, item) => {
              setFieldInput(inputRef.current, url);
              adoptAlt(item.altText);
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}

/**
 * The alt text box under an image: what a screen reader says instead of the picture. A
 * library-only one (a product's) is kept with the uploaded image, so it cannot be written for an
 * image at another address: the box says so and is left out of the save.
 */
function AltTextInput({
  alt,
  inputRef,
  outsideLibrary,
}: {
  alt: { field: FieldMetadata<string | null | undefined>; label: string; libraryOnly?: boolean };
  inputRef: { current: HTMLInputElement | null };
  outsideLibrary: boolean;
}) {
  const hintId = `${alt.field.id}-hint`;
  const { key, ...props } = getInputProps(alt.field, { type: "text", ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={alt.field.id} className="block text-sm font-semibold text-muted">
        {alt.label}
      </label>
      <input
        {...props}
        key={key}
        ref={inputRef}
        autoComplete="off"
        disabled={outsideLibrary}
        placeholder="e.g. A red rubber ball with blue stripes on grass"
        className={`${INPUT_CLASS} disabled:cursor-not-allowed disabled:bg-stone-100`}
      />
      <p id={hintId} className="mt-1 text-sm text-muted">
        {outsideLibrary
          ? "Alt text is kept with images in the media library: upload this image or choose one from the library to describe it."
          : alt.libraryOnly
            ? "Describes the image for people who cannot see it. Saved with the image in the media library, so it shows wherever the image is used."
            : "Describes the image for people who cannot see it (the title when empty). Saved with the post, and with the image in the media library."}
      </p>
      <FieldErrors id={alt.field.errorId} errors={alt.field.errors} />
    </div>
  );
}
