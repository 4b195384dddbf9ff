import { QuizFlow } from "#app/components/quiz/quiz-flow.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { quizAction } from "#app/lib/quiz-action.server.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/quiz";

const DESCRIPTION =
  "Answer five quick questions about your dog's size, age, chewing and play style, and get up to three dog toys matched to your dog.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Dog Toy Matchmaker Quiz"),
    description: DESCRIPTION,
    path: "/quiz",
    siteUrl: siteUrlFrom(matches),
  });

// A step posted before the page's scripts ran; once they run, the steps stay in the browser.
export async function action({ request, context }: Route.ActionArgs) {
  return quizAction(await request.formData(), context.get(appContext), {
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
}

export default function QuizPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Dog Toy Matchmaker Quiz</h1>
        <p className="mt-4 text-lg text-muted">
          Five quick questions about your dog, and we'll match them with the toys that suit them best.
        </p>
      </header>
      <QuizFlow actionData={actionData} />
    </div>
  );
}
