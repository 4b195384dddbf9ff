import { data } from "react-router";
import { AdminNotFound } from "#app/components/admin/admin-not-found.tsx";
import { pageTitle } from "#app/lib/page-title.ts";

// An unknown admin path answers 404 inside the admin shell (anonymous visitors never get
// here: the layout's guard sends them to login first, so the admin URL space is not probed).
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];

export default function AdminPageNotFound() {
  return <AdminNotFound thing="Page" back={{ to: "/admin/dashboard", label: "Back to the dashboard" }} />;
}
