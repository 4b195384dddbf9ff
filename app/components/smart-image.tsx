import { type ImgHTMLAttributes, useCallback, useState } from "react";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & {
  src: string | null | undefined;
  alt: string;
  /** alt text once the placeholder replaced a broken image */
  fallbackAlt?: string;
};

/** An image that swaps itself for /placeholder.svg when it is missing or fails to load. */
export function SmartImage({ src, alt, fallbackAlt, onError, ...rest }: SmartImageProps) {
  const [failed, setFailed] = useState(false);
  const usePlaceholder = failed || !src;
  // An image in the server's HTML can fail before React listens for its error event;
  // once mounted, a finished image with no pixels is one of those.
  const checkEarlyFailure = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src") !== PLACEHOLDER_IMAGE) {
      img.decode().catch(() => setFailed(true));
    }
  }, []);
  return (
    <img
      {...rest}
      ref={checkEarlyFailure}
      src={usePlaceholder ? PLACEHOLDER_IMAGE : src}
      alt={usePlaceholder && fallbackAlt ? fallbackAlt : alt}
      onError={(event) => {
        if (!usePlaceholder) setFailed(true);
        onError?.(event);
      }}
    />
  );
}
