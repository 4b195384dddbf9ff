// A local server answering one product feed (Google Merchant Center's RSS or tab-separated
// file), as another affiliate programme publishes it (issue 27); tests change what it answers.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FeedServer {
  /** what the next request gets */
  feed: { status: number; body: string; type: string };
  /** host:port, for OUTBOUND_ALLOW_HOSTS */
  host: string;
  url: string;
  close(): Promise<void>;
}

/** `port`: a fixed one (a browser test's site is configured with the feed's address before it starts); default any free one. */
export async function startFeedServer(options: { port?: number } = {}): Promise<FeedServer> {
  const feed = { status: 200, body: "", type: "application/rss+xml" };
  const server: Server = createServer((_req, res) => {
    res.writeHead(feed.status, { "content-type": feed.type });
    res.end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    feed,
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/feed.xml`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An RSS 2.0 feed with Google's namespace around the items. */
export function rssFeed(items: string[]): string {
  return `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title>${items.join("")}</channel></rss>`;
}

/** One feed item with the attributes the site reads. */
export function feedItem(
  id: string,
  fields: { price?: string; sale?: string; availability?: string; link?: string } = {},
): string {
  return `<item><g:id>${id}</g:id><title>Item ${id}</title>${fields.link ? `<g:link>${fields.link}</g:link>` : ""}${
    fields.price ? `<g:price>${fields.price}</g:price>` : ""
  }${fields.sale ? `<g:sale_price>${fields.sale}</g:sale_price>` : ""}<g:availability>${
    fields.availability ?? "in_stock"
  }</g:availability></item>`;
}
