import { formModule } from "#app/components/form/use-kit-form.ts";

// The sign-in and password schemas, loaded on a form's first focus or press (use-kit-form.ts):
// the sign-in form and the password page check with them.
export const authForms = formModule(() => import("#domain/auth.ts"));
