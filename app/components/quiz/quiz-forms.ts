import { formModule } from "#app/components/form/use-kit-form.ts";

// The quiz's schemas, loaded on a form's first focus or press (use-kit-form.ts): both steps check with them.
export const quizForms = formModule(() => import("#domain/quiz.ts"));
