import { type ImgHTMLAttributes, useState } from "react";

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
  return (
    <img
      {...rest}
      src={usePlaceholder ? PLACEHOLDER_IMAGE : src}
      alt={usePlaceholder && fallbackAlt ? fallbackAlt : alt}
      onError={(event) => {
        if (!usePlaceholder) setFailed(true);
        onError?.(event);
      }}
    />
  );
}
