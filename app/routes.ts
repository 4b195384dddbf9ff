import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the route table of spec/storefront.md §2 (admin routes: spec/quiz-and-admin.md §2),
// plus the toy and breed pages of issue 17.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("products", "routes/public/products.tsx"),
    route("toys/:slug", "routes/public/toy-detail.tsx"),
    route("breeds", "routes/public/breeds.tsx"),
    route("breeds/:slug", "routes/public/breed-detail.tsx"),
    route("resources", "routes/public/resources.tsx"),
    route("reviews", "routes/public/reviews.tsx"),
    route("guides", "routes/public/guides.tsx"),
    route("reviews/:slug", "routes/public/review-detail.tsx"),
    route("guides/:slug", "routes/public/guide-detail.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("quiz", "routes/public/quiz.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("affiliate-disclosure", "routes/public/affiliate-disclosure.tsx"),
    route("about", "routes/public/about.tsx"),
    // issue 28: the site search (the header's box is a plain GET form to it)
    route("search", "routes/public/search.tsx"),
    route("unsubscribe", "routes/public/unsubscribe.tsx"),
    // the link of the "Do you want the newsletter again?" e-mail (issue 26)
    route("newsletter/confirm", "routes/public/newsletter-confirm.tsx"),
    // the owner's preview of any post on the public layout; its loader guards it
    route("admin/posts/:id/preview", "routes/admin/posts/preview.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // Admin pages have their own chrome; the layout's loader sends anonymous visitors to the
  // login page, and its catch-all keeps every other /admin path behind that guard too.
  route("admin/login", "routes/admin/account/login.tsx"),
  // the one-time sign-in link e-mailed to the owner while sign-in is throttled (issue 26)
  route("admin/sign-in-link", "routes/admin/account/sign-in-link.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard/dashboard.tsx", { id: "admin-index" }),
    route("admin/dashboard", "routes/admin/dashboard/dashboard.tsx"),
    route("admin/posts", "routes/admin/posts/list.tsx"),
    route("admin/posts/new", "routes/admin/posts/edit.tsx", { id: "admin-post-new" }),
    route("admin/posts/:id", "routes/admin/posts/edit.tsx"),
    route("admin/products", "routes/admin/products/list.tsx"),
    route("admin/products/new", "routes/admin/products/edit.tsx", { id: "admin-product-new" }),
    route("admin/products/:id", "routes/admin/products/edit.tsx"),
    route("admin/categories", "routes/admin/categories/list.tsx"),
    route("admin/categories/new", "routes/admin/categories/edit.tsx", { id: "admin-category-new" }),
    route("admin/categories/:id", "routes/admin/categories/edit.tsx"),
    route("admin/breeds", "routes/admin/breeds/list.tsx"),
    route("admin/breeds/new", "routes/admin/breeds/edit.tsx", { id: "admin-breed-new" }),
    route("admin/breeds/:id", "routes/admin/breeds/edit.tsx"),
    route("admin/media", "routes/admin/media/library.tsx"),
    route("admin/quiz-submissions", "routes/admin/quiz-submissions/list.tsx"),
    // issue 19: the inbox, subscribers, newsletters and visitors' data rights
    route("admin/messages", "routes/admin/messages/list.tsx"),
    route("admin/messages/:id", "routes/admin/messages/view.tsx"),
    route("admin/subscribers", "routes/admin/subscribers/list.tsx"),
    route("admin/newsletters", "routes/admin/newsletters/list.tsx"),
    route("admin/newsletters/new", "routes/admin/newsletters/new.tsx"),
    route("admin/newsletters/:id", "routes/admin/newsletters/view.tsx"),
    route("admin/data-rights", "routes/admin/data-rights/requests.tsx"),
    route("admin/trash", "routes/admin/trash/list.tsx"),
    route("admin/activity", "routes/admin/activity/list.tsx"),
    route("admin/password", "routes/admin/account/password.tsx"),
    route("admin/settings", "routes/admin/settings/settings.tsx"),
    // issue 27: what the product sync reads, "Sync now" and the last runs
    route("admin/product-sources", "routes/admin/products/sources.tsx"),
    // issue 28: earnings from the retailer's reports; the import form polls its progress
    route("admin/earnings", "routes/admin/earnings/report.tsx"),
    route("admin/earnings/progress", "routes/admin/earnings/progress.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
