import { formModule } from "./use-kit-form";

// The domain modules whose schemas the kit's forms check with, each loaded when a form of it is
// first focused or pressed (use-kit-form.ts, decision 069). A page must not import one of these
// modules statically for anything it uses: its constants and words live in Zod-free modules
// beside it (quiz-questions.ts, auth-text.ts, ...), or the module would come with the page.

export const quizForms = formModule(() => import("#domain/quiz.ts"));
export const authForms = formModule(() => import("#domain/auth.ts"));
export const contactForms = formModule(() => import("#domain/contact.ts"));
export const mediaForms = formModule(() => import("#domain/media-form.ts"));
export const categoryForms = formModule(() => import("#domain/category-form.ts"));
export const breedForms = formModule(() => import("#domain/breed-form.ts"));
export const productForms = formModule(() => import("#domain/product-form.ts"));
export const newsletterForms = formModule(() => import("#domain/newsletters.ts"));
export const personalDataForms = formModule(() => import("#domain/personal-data.ts"));
export const settingsForms = formModule(() => import("#domain/site-settings.ts"));
export const postForms = formModule(() => import("#domain/post-form.ts"));
