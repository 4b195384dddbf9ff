import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * A one-button form to the page's action (delete, unsubscribe, send) that asks first. Before the
 * scripts run it is a plain form, so the button still works; once they run, pressing it opens
 * the question and only "confirm" posts the form. `fields` go along as hidden inputs.
 */
export function ConfirmSubmitForm({
  fields,
  children,
  buttonClassName,
  buttonLabel,
  confirm,
  className,
}: {
  fields: Record<string, string>;
  /** the button's content */
  children: ReactNode;
  buttonClassName: string;
  /** the button's accessible name when its content is only an icon */
  buttonLabel?: string;
  confirm: { title: string; description: string; confirmLabel: string };
  className?: string;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const submitting =
    sent &&
    navigation.state !== "idle" &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);

  // The dialog stays open (busy) until the action has answered, then closes by itself.
  useEffect(() => {
    if (sent && navigation.state === "idle") {
      setSent(false);
      setAsking(false);
    }
  }, [sent, navigation.state]);

  return (
    <Form
      method="post"
      ref={formRef}
      className={className}
      onSubmit={(event) => {
        if (sent) return;
        event.preventDefault();
        setAsking(true);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClassName} aria-label={buttonLabel} disabled={submitting}>
        {children}
      </button>
      <ConfirmDialog
        open={asking}
        title={confirm.title}
        description={confirm.description}
        confirmLabel={confirm.confirmLabel}
        busy={submitting || sent}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          if (!formRef.current) return;
          setSent(true);
          void submit(formRef.current, { method: "post" });
        }}
      />
    </Form>
  );
}
