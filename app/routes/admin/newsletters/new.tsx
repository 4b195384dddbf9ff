import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import FileTextNode from "lucide/dist/esm/icons/file-text.mjs";
import { data, Form, Link, redirect } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { FormErrors, SelectField } from "#app/components/form/field.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useKitForm } from "#app/components/form/use-kit-form.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { newsletterFromPostSchema, newsletterInputSchema } from "#domain/newsletters.ts";
import type { Route } from "./+types/new";
import { NewsletterForm, newsletterForms } from "./newsletter-form.tsx";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const FileText = icon("file-text", FileTextNode);

const fromPostSchema = (forms: typeof import("#domain/newsletters.ts")) => forms.newsletterFromPostSchema;

export const meta = () => [{ title: pageTitle("New Newsletter") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const posts = await settle(
    () => app.services.content.listPosts(),
    (error) => app.logger.error({ err: error }, "listing posts for a newsletter failed"),
  );
  return { posts: posts.ok ? posts.data.map((post) => ({ id: post.id, title: post.title })) : [] };
}

// Both forms post here and make a draft with the same service as POST /api/admin/newsletters;
// the draft's page then shows the preview, the test send and the send.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const fromPost = form.get("intent") === "from-post";
  const submission = fromPost
    ? parseWithZod(form, { schema: newsletterFromPostSchema })
    : parseWithZod(form, { schema: newsletterInputSchema });
  const which = fromPost ? "post" : "compose";
  if (submission.status !== "success") return data({ which, result: submission.reply() }, { status: 400 });
  try {
    const created = await app.services.newsletters.create(submission.value);
    return redirect(`/admin/newsletters/${created.id}`);
  } catch (error) {
    const refusal = serviceRefusal(error, fromPost ? ["postId"] : ["subject", "content"]);
    if (!refusal) throw error;
    return data({ which, result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
}

/** "Send this post": a draft from a published post's title and body. */
function FromPostForm({
  posts,
  lastResult,
}: {
  posts: { id: number; title: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields } = useKitForm({
    id: "newsletter-from-post",
    module: newsletterForms,
    schema: fromPostSchema,
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="from-post" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SelectField field={fields.postId} label="Published post">
        <option value="">Choose a post...</option>
        {posts.map((post) => (
          <option key={post.id} value={String(post.id)}>
            {post.title}
          </option>
        ))}
      </SelectField>
      <div>
        <SubmitButton
          busyText="Creating..."
          icon={<FileText className="size-5" aria-hidden="true" />}
          name="intent"
          value="from-post"
        >
          Make a draft from this post
        </SubmitButton>
      </div>
    </Form>
  );
}

/** /admin/newsletters/new: write a newsletter, or start from a published post. */
export default function AdminNewsletterNew({ loaderData, actionData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Newsletters", to: "/admin/newsletters" },
          { label: "New Newsletter" },
        ]}
        title="New Newsletter"
        subtitle="Save a draft to see it as subscribers will, send yourself a test, then send it"
        actions={
          <Link to="/admin/newsletters" className={buttonClass("secondary", "md")}>
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Newsletters
          </Link>
        }
      />
      <section
        aria-labelledby="compose-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="compose-heading" className="mb-4 text-xl font-extrabold tracking-tight">
          Write a newsletter
        </h2>
        <NewsletterForm
          id="newsletter-compose"
          start={{ subject: "", content: "", preheader: "" }}
          lastResult={actionData?.which === "compose" ? actionData.result : undefined}
          submitLabel="Save draft"
        />
      </section>
      <section
        aria-labelledby="from-post-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="from-post-heading" className="mb-4 text-xl font-extrabold tracking-tight">
          Or send a post
        </h2>
        {posts.length === 0 ? (
          <p className="text-muted">There is no published post to send yet.</p>
        ) : (
          <FromPostForm posts={posts} lastResult={actionData?.which === "post" ? actionData.result : undefined} />
        )}
      </section>
    </div>
  );
}
