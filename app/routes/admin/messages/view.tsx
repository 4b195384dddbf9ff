import { parseWithZod } from "@conform-to/zod/v4";
import ArchiveNode from "lucide/dist/esm/icons/archive.mjs";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import InboxNode from "lucide/dist/esm/icons/inbox.mjs";
import MailNode from "lucide/dist/esm/icons/mail.mjs";
import MailOpenNode from "lucide/dist/esm/icons/mail-open.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { type ReactNode, useEffect } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { ConfirmSubmitForm } from "#app/components/admin/confirm-submit-form.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { type ContactMessage, mailtoReply, messageReplySchema, REPLY_TEXT, replySubject } from "#domain/inbox.ts";
import type { Route } from "./+types/view";
import { type ReplyActionData, ReplyForm } from "./reply-form.tsx";

const Archive = icon("archive", ArchiveNode);
const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const Inbox = icon("inbox", InboxNode);
const Mail = icon("mail", MailNode);
const MailOpen = icon("mail-open", MailOpenNode);
const Trash2 = icon("trash", Trash2Node);

export const meta: Route.MetaFunction = ({ loaderData: loaded, error }) => {
  const title = error ? adminErrorTitle(error, "Message") : `Message: ${loaded?.message.subject ?? ""}`;
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
};

function messageId(params: { id?: string }): number {
  if (!isDatabaseId(params.id)) throw data("Message not found", { status: 404 });
  return Number(params.id);
}

/** Opening a message reads it: the loader marks it read (once) and says so, so the badge can follow. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = messageId(params);
  const found = await app.services.inbox.get(id);
  if (!found) throw data("Message not found", { status: 404 });
  const justRead = found.readAt === null && (await app.services.inbox.markRead(id));
  const message = justRead ? ((await app.services.inbox.get(id)) ?? found) : found;
  return { message, justRead, canReply: app.services.outbox.configured };
}

// Every button of the page posts here (they work before the scripts run); each calls the same
// service as its API route.
export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = messageId(params);
  const { inbox, deliverNow } = app.services;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "unread") {
    // back to the list: staying would read it again
    if (!(await inbox.update(id, { read: false }))) throw data("Message not found", { status: 404 });
    return redirect("/admin/messages");
  }
  if (intent === "archive" || intent === "unarchive") {
    if (!(await inbox.update(id, { archived: intent === "archive" }))) throw data("Message not found", { status: 404 });
    return intent === "archive" ? redirect("/admin/messages") : null;
  }
  if (intent === "delete") {
    if (!(await inbox.remove(id))) throw data("Message not found", { status: 404 });
    return redirect(`/admin/messages?deleted=${id}`);
  }
  const submission = parseWithZod(form, { schema: messageReplySchema });
  if (submission.status !== "success") {
    return data<ReplyActionData>({ result: submission.reply() }, { status: 400 });
  }
  try {
    const queued = await inbox.reply(id, submission.value);
    if (!queued) throw data("Message not found", { status: 404 });
    const sent = await deliverNow(queued.messageId);
    return data<ReplyActionData>({
      result: submission.reply({ resetForm: true }),
      outcome: sent ? { emailSent: true, message: REPLY_TEXT.sent } : { emailSent: false, message: REPLY_TEXT.queued },
    });
  } catch (error) {
    const refusal = serviceRefusal(error, ["subject", "message"]);
    if (!refusal) throw error;
    return data<ReplyActionData>({ result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
}

function NotificationLine({ notification }: { notification: ContactMessage["notification"] }) {
  switch (notification.state) {
    case "sent":
      return (
        <>
          Sent to your inbox
          {notification.sentAt ? (
            <>
              {" "}
              on <LocalDate iso={notification.sentAt} withTime />
            </>
          ) : null}
        </>
      );
    case "waiting":
      return <>Not sent yet: waiting in the outbox for the mail server</>;
    case "failed":
      return <>Could not be sent{notification.lastError ? `: ${notification.lastError}` : ""}</>;
    default:
      return <>Not recorded (the message came before the inbox)</>;
  }
}

/** /admin/messages/{id}: one contact message in full, with mark unread, archive, delete and reply. */
export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, justRead, canReply } = loaderData;
  const revalidator = useRevalidator();

  // The navigation's unread badge was counted alongside this page, before it was read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per message opened
  useEffect(() => {
    if (justRead) void revalidator.revalidate();
  }, [justRead, message.id]);

  const details: { term: string; value: ReactNode }[] = [
    { term: "From", value: message.name },
    {
      term: "E-mail",
      value: (
        <a href={`mailto:${message.email}`} className="font-semibold break-all text-primary hover:underline">
          {message.email}
        </a>
      ),
    },
    { term: "Received", value: <LocalDate iso={message.createdAt} withTime /> },
    { term: "Notification e-mail", value: <NotificationLine notification={message.notification} /> },
  ];
  if (message.repliedAt) details.push({ term: "Replied", value: <LocalDate iso={message.repliedAt} withTime /> });
  if (message.archivedAt) details.push({ term: "Archived", value: <LocalDate iso={message.archivedAt} withTime /> });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Messages", to: "/admin/messages" },
          { label: "Message" },
        ]}
        title={<span className="break-words">{message.subject}</span>}
        subtitle={`From ${message.name}`}
        actions={
          <Link to="/admin/messages" className={buttonClass("secondary", "md")}>
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Messages
          </Link>
        }
      />

      <article aria-labelledby="message-heading" className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm">
        <h2 id="message-heading" className="sr-only">
          The message
        </h2>
        <dl className="grid gap-x-6 gap-y-2 border-b border-stone-200 p-4 text-sm sm:grid-cols-[auto_1fr] sm:p-6">
          {details.map(({ term, value }) => (
            <div key={term} className="contents">
              <dt className="font-bold text-muted">{term}</dt>
              <dd className="mb-2 break-words sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="p-4 text-base leading-relaxed break-words whitespace-pre-wrap sm:p-6">{message.message}</div>
        <div className="flex flex-wrap gap-2 border-t border-stone-200 p-4 sm:p-6">
          <a href={mailtoReply(message)} className={buttonClass("primary", "sm")}>
            <Mail className="size-4" aria-hidden="true" />
            Reply by e-mail
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="unread" />
            <button type="submit" className={buttonClass("secondary", "sm")}>
              <MailOpen className="size-4" aria-hidden="true" />
              Mark as unread
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={message.archivedAt ? "unarchive" : "archive"} />
            <button type="submit" className={buttonClass("secondary", "sm")}>
              {message.archivedAt ? (
                <Inbox className="size-4" aria-hidden="true" />
              ) : (
                <Archive className="size-4" aria-hidden="true" />
              )}
              {message.archivedAt ? "Move to inbox" : "Archive"}
            </button>
          </Form>
          <ConfirmSubmitForm
            fields={{ intent: "delete" }}
            buttonClassName={buttonClass("secondary", "sm", "hover:border-red-700 hover:text-red-800")}
            confirm={{
              title: "Delete message",
              description: `Move the message from ${message.name} to the trash? You can restore it from the trash for 30 days.`,
              confirmLabel: "Delete",
            }}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </ConfirmSubmitForm>
        </div>
      </article>

      <section
        aria-labelledby="reply-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="reply-heading" className="text-xl font-extrabold tracking-tight">
          Reply from the site
        </h2>
        <div className="mt-4">
          {canReply ? (
            <ReplyForm
              key={message.id}
              to={message.email}
              subject={replySubject(message.subject)}
              actionData={actionData ?? undefined}
            />
          ) : (
            <p className="text-muted">
              {REPLY_TEXT.noMailServer}{" "}
              <a href={mailtoReply(message)} className="font-semibold text-primary hover:underline">
                Reply by e-mail
              </a>
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

/** A message id with no message (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminNotFound error={error} thing="Message" back={{ to: "/admin/messages", label: "Back to Messages" }} />;
}
