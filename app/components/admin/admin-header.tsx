import CircleDollarSignNode from "lucide/dist/esm/icons/circle-dollar-sign.mjs";
import ClipboardListNode from "lucide/dist/esm/icons/clipboard-list.mjs";
import DogNode from "lucide/dist/esm/icons/dog.mjs";
import HouseNode from "lucide/dist/esm/icons/house.mjs";
import ImagesNode from "lucide/dist/esm/icons/images.mjs";
import KeyRoundNode from "lucide/dist/esm/icons/key-round.mjs";
import LayoutDashboardNode from "lucide/dist/esm/icons/layout-dashboard.mjs";
import MailNode from "lucide/dist/esm/icons/mail.mjs";
import NewspaperNode from "lucide/dist/esm/icons/newspaper.mjs";
import PackageNode from "lucide/dist/esm/icons/package.mjs";
import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import HistoryNode from "lucide/dist/esm/icons/rotate-ccw-clock.mjs";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import SettingsNode from "lucide/dist/esm/icons/settings.mjs";
import StoreNode from "lucide/dist/esm/icons/store.mjs";
import TagsNode from "lucide/dist/esm/icons/tags.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import UsersNode from "lucide/dist/esm/icons/users.mjs";
import { Link, useLocation } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import { LogoutButton } from "./logout-button";

const CircleDollarSign = icon("circle-dollar-sign", CircleDollarSignNode);
const ClipboardList = icon("clipboard-list", ClipboardListNode);
const Dog = icon("dog", DogNode);
const History = icon("rotate-ccw-clock", HistoryNode);
const House = icon("house", HouseNode);
const Images = icon("images", ImagesNode);
const KeyRound = icon("key-round", KeyRoundNode);
const LayoutDashboard = icon("layout-dashboard", LayoutDashboardNode);
const Mail = icon("mail", MailNode);
const Newspaper = icon("newspaper", NewspaperNode);
const Package = icon("package", PackageNode);
const PawPrint = icon("paw-print", PawPrintNode);
const Send = icon("send", SendNode);
const Settings = icon("settings", SettingsNode);
const Store = icon("store", StoreNode);
const Tags = icon("tags", TagsNode);
const Trash2 = icon("trash", Trash2Node);
const Users = icon("users", UsersNode);

/** The admin areas, in the order the owner works through them. */
const AREAS = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, also: ["/admin"] },
  { to: "/admin/posts", label: "Posts", icon: Newspaper, also: [] },
  { to: "/admin/products", label: "Products", icon: Package, also: [] },
  { to: "/admin/categories", label: "Categories", icon: Tags, also: [] },
  { to: "/admin/breeds", label: "Breeds", icon: Dog, also: [] },
  { to: "/admin/media", label: "Media", icon: Images, also: [] },
  { to: "/admin/quiz-submissions", label: "Quiz submissions", icon: ClipboardList, also: [] },
  { to: "/admin/messages", label: "Messages", icon: Mail, also: [] },
  { to: "/admin/subscribers", label: "Subscribers", icon: Users, also: ["/admin/data-rights"] },
  { to: "/admin/newsletters", label: "Newsletters", icon: Send, also: [] },
  { to: "/admin/trash", label: "Trash", icon: Trash2, also: [] },
  { to: "/admin/activity", label: "Activity log", icon: History, also: [] },
  { to: "/admin/earnings", label: "Earnings", icon: CircleDollarSign, also: [] },
  { to: "/admin/product-sources", label: "Product sources", icon: Store, also: [] },
  { to: "/admin/settings", label: "Settings", icon: Settings, also: [] },
] as const;

const ACCOUNT_LINK =
  "inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 py-2 text-sm font-semibold text-ink hover:bg-stone-100 hover:text-primary";

/**
 * The admin area's persistent chrome: its name, the account actions (View site, Change
 * password, Logout) and a navigation to every admin area, so the owner never goes back through
 * the dashboard to reach another screen.
 */
export function AdminHeader({ unreadMessages = null }: { unreadMessages?: number | null } = {}) {
  const { pathname } = useLocation();
  const current = (area: (typeof AREAS)[number]) =>
    pathname === area.to || pathname.startsWith(`${area.to}/`) || (area.also as readonly string[]).includes(pathname);

  return (
    <header className="border-b border-stone-200 bg-white">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center justify-between gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4 sm:px-6 lg:px-8">
        <Link
          to="/admin/dashboard"
          className="flex items-center gap-2 text-base font-extrabold text-ink min-[400px]:text-lg sm:text-xl"
        >
          <PawPrint className="hidden size-7 shrink-0 text-primary min-[400px]:block" aria-hidden="true" />
          <span>
            Pawsome Picks <span className="text-primary">Admin</span>
          </span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-3">
          {/* On a phone the icon alone, so the bar stays one line; its name stays for screen readers. */}
          <Link to="/" className={ACCOUNT_LINK}>
            <House className="size-5 sm:size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">View site</span>
          </Link>
          <Link to="/admin/password" className={ACCOUNT_LINK}>
            <KeyRound className="size-5 sm:size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Change password</span>
          </Link>
          <LogoutButton />
        </div>
      </div>
      <nav aria-label="Admin" className="mx-auto max-w-7xl px-2 sm:px-4 lg:px-6">
        {/* One row that scrolls sideways on a phone; on a wide screen every area shows (it wraps). */}
        <ul className="-mb-px flex gap-1 overflow-x-auto lg:flex-wrap lg:overflow-visible">
          {AREAS.map((area) => {
            const Icon = area.icon;
            const active = current(area);
            return (
              <li key={area.to} className="shrink-0">
                <Link
                  to={area.to}
                  aria-current={active ? "page" : undefined}
                  className={`flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-bold whitespace-nowrap lg:px-2.5 ${
                    active ? "border-primary text-primary" : "border-transparent text-muted hover:text-ink"
                  }`}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {area.label}
                  {/* relative: its screen-reader text must stay inside the scrolling list, or it widens the page */}
                  {area.to === "/admin/messages" && unreadMessages ? (
                    <span
                      className="relative rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none text-white"
                      data-testid="unread-badge"
                    >
                      {unreadMessages > 99 ? "99+" : unreadMessages}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
