import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/page-title";

// An unknown admin path answers 404 inside the admin shell (anonymous visitors never get
// here: the layout's guard sends them to login first, so the admin URL space is not probed).
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];

export default function AdminNotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Page Not Found</h1>
      <p className="mt-4 text-lg text-muted">There is no admin page at this address.</p>
      <Link to="/admin/dashboard" className={buttonClass("primary", "md", "mt-8")}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        Back to the dashboard
      </Link>
    </section>
  );
}
