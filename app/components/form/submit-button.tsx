import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { type ReactNode, type Ref, useEffect, useState } from "react";
import { useFormAction, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);

/**
 * The form kit's submit button: a plain submit button, so the form works before the scripts
 * have loaded; once they have, it shows its busy text and takes no second press while this
 * form's submission is under way.
 */
export function SubmitButton({
  children,
  busyText,
  icon,
  busy: sending = false,
  disabled = false,
  size = "md",
  className = "",
  name,
  value,
  variant = "primary",
  ref,
  keyShortcuts,
  title,
}: {
  children: ReactNode;
  busyText: string;
  icon?: ReactNode;
  /** a send the form makes itself (useKitForm's `busy`) */
  busy?: boolean;
  /** held for something else the form waits for (an image still uploading) */
  disabled?: boolean;
  size?: "md" | "lg";
  className?: string;
  /** sent with the form when this button submits it, e.g. an `intent` among several forms of a page */
  name?: string;
  value?: string;
  /** a form's second action (e.g. 'Publish' beside 'Create Post') is not the primary colour */
  variant?: "primary" | "secondary";
  ref?: Ref<HTMLButtonElement>;
  /** aria-keyshortcuts: the keys that press it too (the post editor's Ctrl+S) */
  keyShortcuts?: string;
  title?: string;
}) {
  const navigation = useNavigation();
  const action = useFormAction();
  const busy = sending || (navigation.state === "submitting" && navigation.formAction === action);
  // With several submit buttons (Create Post, Publish), the one pressed says it is busy; the
  // others only wait. A press by Enter is a click on the form's first button too.
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (!busy) setPressed(false);
  }, [busy]);
  const saysBusy = busy && (pressed || !name);
  return (
    <button
      ref={ref}
      type="submit"
      name={name}
      value={value}
      aria-keyshortcuts={keyShortcuts}
      title={title}
      disabled={busy || disabled}
      aria-busy={saysBusy || undefined}
      onClick={() => setPressed(true)}
      className={buttonClass(variant, size, className)}
    >
      {saysBusy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : icon}
      {saysBusy ? busyText : children}
    </button>
  );
}
