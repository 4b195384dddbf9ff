import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import KeyRoundNode from "lucide/dist/esm/icons/key-round.mjs";
import { useEffect } from "react";
import { data, Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { FormErrors, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useKitForm } from "#app/components/form/use-kit-form.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { toast } from "#app/lib/toast.ts";
import { passwordChangeSchema } from "#domain/auth.ts";
import { PASSWORD_TEXT } from "#domain/auth-text.ts";
import type { Route } from "./+types/password";
import { authForms } from "./auth-forms.ts";

const KeyRound = icon("key-round", KeyRoundNode);

export const meta = () => [{ title: pageTitle(PASSWORD_TEXT.title) }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  return null;
}

// The form posts here (it works before the scripts have loaded); the same schema checks it in
// the browser first. A wrong current password is an error under that field.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const session = requireAdmin(app);
  const submission = parseWithZod(await request.formData(), { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }),
        changed: false,
      },
      { status: 400 },
    );
  }
  // on success this browser's session cookie is replaced: the old token ends with every other session
  const outcome = await app.changePassword(session, submission.value);
  if (outcome.outcome === "throttled") {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), changed: false },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.outcome === "wrong-password") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { currentPassword: [PASSWORD_TEXT.currentWrong] },
          hideFields: ["currentPassword"],
        }),
        changed: false,
      },
      { status: 400 },
    );
  }
  return { result: submission.reply({ resetForm: true }), changed: true };
}

const changeSchema = (auth: typeof import("#domain/auth.ts")) => auth.passwordChangeSchema;

/** /admin/password: the owner changes the admin password (current one required). */
export default function AdminPassword({ actionData }: Route.ComponentProps) {
  const { form, fields } = useKitForm({
    id: "password-change",
    module: authForms,
    schema: changeSchema,
    lastResult: actionData?.result,
  });

  useEffect(() => {
    if (actionData?.changed) toast({ title: PASSWORD_TEXT.changedTitle, description: PASSWORD_TEXT.changed });
  }, [actionData]);

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-10">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: PASSWORD_TEXT.title }]}
        title={PASSWORD_TEXT.title}
        subtitle={PASSWORD_TEXT.intro}
      />
      {actionData?.changed ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900"
        >
          {PASSWORD_TEXT.changed}
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 grid gap-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.currentPassword}
          label={PASSWORD_TEXT.currentLabel}
          type="password"
          inputProps={{ autoComplete: "current-password" }}
        />
        <TextField
          field={fields.newPassword}
          label={PASSWORD_TEXT.newLabel}
          type="password"
          hint={PASSWORD_TEXT.newHint}
          inputProps={{ autoComplete: "new-password" }}
        />
        <TextField
          field={fields.confirmPassword}
          label={PASSWORD_TEXT.confirmLabel}
          type="password"
          inputProps={{ autoComplete: "new-password" }}
        />
        <div>
          <SubmitButton busyText={PASSWORD_TEXT.submitting} icon={<KeyRound className="size-5" aria-hidden="true" />}>
            {PASSWORD_TEXT.submit}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
