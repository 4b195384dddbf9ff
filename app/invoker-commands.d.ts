// HTML's invoker commands (`commandfor`, `command`): a button opens a <dialog> with no script, so
// it works before a page's scripts run. React passes the attributes through as written; its
// types do not list them yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
