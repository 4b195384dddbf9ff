import { type ImgHTMLAttributes, useCallback, useState } from "react";
import { uploadSrcSet } from "#domain/upload-urls.ts";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** `sizes` of a card in the site's grids: one column on a phone, two from 640 px, three from 1024 px. */
export const CARD_IMAGE_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & {
  src: string | null | undefined;
  alt: string;
  /** alt text once the placeholder replaced a broken image */
  fallbackAlt?: string;
};

/**
 * An image that swaps itself for /placeholder.svg when it is missing or fails to load. An
 * uploaded image (/uploads/{hash}.webp) lists its smaller copies in srcset, so with the caller's
 * `sizes` a phone downloads a small one; callers give width and height, so nothing shifts.
 */
export function SmartImage({ src, alt, fallbackAlt, onError, sizes, ...rest }: SmartImageProps) {
  const [failed, setFailed] = useState(false);
  const usePlaceholder = failed || !src;
  // An image in the server's HTML can fail before React listens for its error event;
  // once mounted, a finished image with no pixels is one of those.
  const checkEarlyFailure = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src") !== PLACEHOLDER_IMAGE) {
      img.decode().catch(() => setFailed(true));
    }
  }, []);
  const srcSet = usePlaceholder ? undefined : uploadSrcSet(src);
  return (
    <img
      {...rest}
      ref={checkEarlyFailure}
      src={usePlaceholder ? PLACEHOLDER_IMAGE : src}
      srcSet={srcSet}
      // `sizes` only chooses among srcset's copies: without them it is invalid HTML, and React's
      // preload of the image would carry it as an equally invalid imagesizes
      sizes={srcSet ? sizes : undefined}
      alt={usePlaceholder && fallbackAlt ? fallbackAlt : alt}
      onError={(event) => {
        if (!usePlaceholder) setFailed(true);
        onError?.(event);
      }}
    />
  );
}
