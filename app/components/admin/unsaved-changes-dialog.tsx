import type { Blocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

/** The question `useUnsavedChanges` asks before an admin form's edits are left behind. */
export function UnsavedChangesDialog({ blocker, what }: { blocker: Blocker; what: string }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Discard unsaved changes?"
      description={`You have changes to this ${what} that are not saved. If you leave now, they will be lost.`}
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
