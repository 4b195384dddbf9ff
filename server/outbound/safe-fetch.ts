// Outbound HTTP for feeds, the retailer API and link checks (issue 27, decision 054). Every
// connection is checked at the address it actually connects to: the check runs inside the
// socket's own DNS lookup (and again on the connected socket), so a name that resolves to a
// public address for a check and to 127.0.0.1 for the connection (DNS rebinding) gains nothing.
// Redirects are followed here, one hop at a time, each hop checked the same way. Every answer
// has a deadline and a size limit, counted on the decoded bytes so a small gzip bomb is no way round it.
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction, type Socket } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { type AllowedHost, blockedAddressReason, firstBlockedAddress, isAllowedHost } from "./address-rules";

export type OutboundErrorCode =
  /** not an absolute http(s) URL */
  | "invalid_url"
  /** a scheme other than http or https, at the start or in a redirect */
  | "unsupported_scheme"
  /** the host is or resolves to a private, loopback, link-local, ... address */
  | "blocked_address"
  | "too_many_redirects"
  /** the answer is larger than maxBytes */
  | "too_large"
  /** no connection within connectTimeoutMs (DNS, TCP and TLS included) */
  | "connect_timeout"
  /** the whole answer did not arrive within timeoutMs */
  | "timeout"
  /** the name does not resolve, the connection is refused or reset, TLS fails: a network error, not an HTTP one */
  | "unreachable"
  /** the caller's signal aborted the request */
  | "aborted";

export interface RedirectHop {
  url: string;
  status: number;
}

/** Why an outbound request failed; the answer's status is never one of these (a 404 is an answer). */
export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  /** the URL of the hop that failed */
  readonly url: string;
  /** the redirects followed before the failure */
  readonly redirects: RedirectHop[];

  constructor(
    code: OutboundErrorCode,
    message: string,
    options: { url: string; redirects?: RedirectHop[]; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = "OutboundError";
    this.code = code;
    this.url = options.url;
    this.redirects = options.redirects ?? [];
  }
}

/** Resolves a host name to its addresses; dns.lookup by default, a fake in tests. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundOptions {
  /** hosts (or host:port) that may be reached whatever they resolve to: OUTBOUND_ALLOW_HOSTS */
  allowHosts?: readonly AllowedHost[];
  resolver?: Resolver;
  userAgent?: string;
  /** defaults for every request: 10 s, 5 s, 5 MB, 5 redirects */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface OutboundRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** the answer's body beyond this many (decoded) bytes fails the request with too_large */
  maxBytes?: number;
  /** for the whole request, redirects included */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** redirects to follow; 0 answers the redirect itself; more than this many fails with too_many_redirects */
  maxRedirects?: number;
  /** the body is not read (a link check wants the status only): the connection closes at the answer's head */
  discardBody?: boolean;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  /** the URL that gave this answer, after redirects */
  url: string;
  redirects: RedirectHop[];
  headers: Headers;
  /** the decoded body; empty for HEAD, 204 and 304 */
  body: Buffer;
}

const DEFAULTS = { timeoutMs: 10_000, connectTimeoutMs: 5_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Dropped when a redirect leaves the origin, as browsers do: credentials for one site are not for another.
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Redirect rules of the fetch standard: 303, and 301/302 after POST, become GET without a body. */
function redirectedRequest(status: number, method: string, body: OutboundRequest["body"]) {
  const toGet =
    (status === 303 && method !== "GET" && method !== "HEAD") ||
    ((status === 301 || status === 302) && method === "POST");
  return toGet ? { method: "GET", body: undefined } : { method, body };
}

function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

function portOf(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

/** Creates the one way the server fetches what the outside world serves. */
export function createSafeFetch(options: OutboundOptions = {}) {
  const allowHosts = options.allowHosts ?? [];
  const resolver = options.resolver ?? defaultResolver;
  const userAgent = options.userAgent ?? "PawsomePicks/1.0 (product data and link checks)";
  const defaults = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
  };

  function parseTarget(text: string, redirects: RedirectHop[], base?: string): URL {
    let url: URL;
    try {
      url = new URL(text, base);
    } catch (cause) {
      throw new OutboundError("invalid_url", `not a URL: ${text}`, { url: text, redirects, cause });
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new OutboundError("unsupported_scheme", `only http and https are fetched, not ${url.protocol}`, {
        url: url.href,
        redirects,
      });
    return url;
  }

  /** A lookup that refuses names resolving to a blocked address; Node calls it for the very connection it makes. */
  function guardedLookup(url: URL, redirects: RedirectHop[], check: boolean): LookupFunction {
    return (hostname, lookupOptions, callback) => {
      resolver(hostname).then(
        (found) => {
          const family =
            lookupOptions.family === "IPv4" ? 4 : lookupOptions.family === "IPv6" ? 6 : lookupOptions.family;
          const addresses = family ? found.filter((entry) => entry.family === family) : found;
          if (addresses.length === 0) {
            const error = Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
            callback(error, "", 4);
            return;
          }
          const blocked = check ? firstBlockedAddress(addresses.map((entry) => entry.address)) : null;
          if (blocked) {
            callback(
              new OutboundError(
                "blocked_address",
                `${hostname} resolves to ${blocked.address}, a ${blocked.reason} address`,
                {
                  url: url.href,
                  redirects,
                },
              ),
              "",
              4,
            );
            return;
          }
          const first = addresses[0] as LookupAddress;
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, "", 4),
      );
    };
  }

  /** The deadline's own error, or "aborted" when the caller's signal stopped the request. */
  function abortReason(signal: AbortSignal, url: URL, redirects: RedirectHop[]): OutboundError {
    const reason = signal.reason;
    return reason instanceof OutboundError
      ? reason
      : new OutboundError("aborted", "the request was aborted", { url: url.href, redirects, cause: reason });
  }

  function networkError(error: unknown, url: URL, redirects: RedirectHop[]): OutboundError {
    if (error instanceof OutboundError) return error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
    const what =
      code === "ENOTFOUND" || code === "EAI_AGAIN"
        ? "does not resolve"
        : `cannot be reached (${code || String(error)})`;
    return new OutboundError("unreachable", `${url.host} ${what}`, { url: url.href, redirects, cause: error });
  }

  /** One hop: connects (checked), sends, and resolves at the answer's head. */
  function send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: OutboundRequest["body"],
    redirects: RedirectHop[],
    connectTimeoutMs: number,
    signal: AbortSignal,
  ): Promise<{ response: IncomingMessage; close: () => void }> {
    const hostname = hostnameOf(url);
    const allowed = isAllowedHost(allowHosts, url.hostname, portOf(url));
    if (!allowed && isIP(hostname)) {
      // An address in the URL skips DNS, so it is judged here; the URL parser has already turned
      // 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1].
      const reason = blockedAddressReason(hostname);
      if (reason)
        return Promise.reject(
          new OutboundError("blocked_address", `${url.hostname} is a ${reason} address`, { url: url.href, redirects }),
        );
    }
    return new Promise((resolve, reject) => {
      const transport = url.protocol === "https:" ? https : http;
      const request = transport.request({
        protocol: url.protocol,
        hostname,
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
        // A fresh connection per request: a pooled socket would skip the connect-time check below.
        agent: false,
        lookup: guardedLookup(url, redirects, !allowed),
        servername: isIP(hostname) ? undefined : hostname,
        signal,
      });
      const connectTimer = setTimeout(() => {
        request.destroy(
          new OutboundError("connect_timeout", `no connection to ${url.host} within ${connectTimeoutMs} ms`, {
            url: url.href,
            redirects,
          }),
        );
      }, connectTimeoutMs);
      request.once("socket", (socket: Socket) => {
        socket.once("connect", () => {
          clearTimeout(connectTimer);
          // Belt and braces: whatever path led here, the address actually connected is judged too.
          const reason = !allowed && socket.remoteAddress ? blockedAddressReason(socket.remoteAddress) : null;
          if (reason)
            request.destroy(
              new OutboundError(
                "blocked_address",
                `${url.host} connected to ${socket.remoteAddress}, a ${reason} address`,
                {
                  url: url.href,
                  redirects,
                },
              ),
            );
        });
      });
      request.once("response", (response) => {
        clearTimeout(connectTimer);
        resolve({ response, close: () => request.destroy() });
      });
      // on, not once: a socket can fail again after the first error, and an unheard error event
      // would end the process. Only the first one settles the promise.
      request.on("error", (error) => {
        clearTimeout(connectTimer);
        reject(signal.aborted ? abortReason(signal, url, redirects) : networkError(error, url, redirects));
      });
      request.end(body);
    });
  }

  /** Reads the body through its content decoding, failing past maxBytes (declared or counted). */
  function readBody(
    response: IncomingMessage,
    url: URL,
    redirects: RedirectHop[],
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const tooLarge = () =>
      new OutboundError("too_large", `the answer from ${url.host} is larger than ${maxBytes} bytes`, {
        url: url.href,
        redirects,
      });
    const declared = Number(response.headers["content-length"]);
    const encoding = (response.headers["content-encoding"] ?? "").trim().toLowerCase();
    if (Number.isFinite(declared) && declared > maxBytes && (encoding === "" || encoding === "identity")) {
      response.destroy();
      return Promise.reject(tooLarge());
    }
    const decoder =
      encoding === "gzip" || encoding === "x-gzip"
        ? zlib.createGunzip()
        : encoding === "deflate"
          ? zlib.createInflate()
          : encoding === "br"
            ? zlib.createBrotliDecompress()
            : null;
    const stream: Readable = decoder ? response.pipe(decoder) : response;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const fail = (error: unknown) => {
        response.destroy();
        decoder?.destroy();
        reject(error);
      };
      const onAbort = () => fail(abortReason(signal, url, redirects));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(tooLarge());
        else chunks.push(chunk);
      });
      stream.once("end", () => {
        signal.removeEventListener("abort", onAbort);
        resolve(Buffer.concat(chunks, size));
      });
      stream.on("error", (error) => {
        signal.removeEventListener("abort", onAbort);
        if (signal.aborted) fail(abortReason(signal, url, redirects));
        else if (decoder && !response.destroyed)
          fail(
            new OutboundError("unreachable", `the answer from ${url.host} cannot be decoded (${encoding})`, {
              url: url.href,
              redirects,
              cause: error,
            }),
          );
        else fail(networkError(error, url, redirects));
      });
      // A connection closed before the whole answer arrived: the deadline's reason if it was ours.
      response.once("close", () => {
        if (response.complete) return;
        signal.removeEventListener("abort", onAbort);
        fail(
          signal.aborted
            ? abortReason(signal, url, redirects)
            : networkError(new Error("the answer was cut off"), url, redirects),
        );
      });
    });
  }

  function headersOf(response: IncomingMessage): Headers {
    const headers = new Headers();
    const raw = response.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? "", raw[i + 1] ?? "");
    return headers;
  }

  /** Fetches a URL under the rules in the file comment; rejects only with an OutboundError. */
  async function request(input: OutboundRequest): Promise<OutboundResponse> {
    const timeoutMs = input.timeoutMs ?? defaults.timeoutMs;
    const connectTimeoutMs = input.connectTimeoutMs ?? defaults.connectTimeoutMs;
    const maxBytes = input.maxBytes ?? defaults.maxBytes;
    const maxRedirects = input.maxRedirects ?? defaults.maxRedirects;
    const redirects: RedirectHop[] = [];
    let url = parseTarget(input.url, redirects);
    let method = (input.method ?? "GET").toUpperCase();
    let body = input.body;
    let headers: Record<string, string> = {
      "user-agent": userAgent,
      "accept-encoding": "gzip, deflate, br",
      ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    };

    const controller = new AbortController();
    const deadline = setTimeout(() => {
      controller.abort(
        new OutboundError("timeout", `no complete answer from ${url.host} within ${timeoutMs} ms`, {
          url: url.href,
          redirects,
        }),
      );
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(input.signal?.reason);
    input.signal?.addEventListener("abort", onCallerAbort, { once: true });
    if (input.signal?.aborted) onCallerAbort();

    try {
      for (;;) {
        const { response, close } = await send(
          url,
          method,
          headers,
          body,
          redirects,
          connectTimeoutMs,
          controller.signal,
        );
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location && maxRedirects > 0) {
          response.resume();
          close();
          redirects.push({ url: url.href, status });
          if (redirects.length > maxRedirects)
            throw new OutboundError("too_many_redirects", `more than ${maxRedirects} redirects`, {
              url: url.href,
              redirects,
            });
          const next = parseTarget(location, redirects, url.href);
          if (next.origin !== url.origin)
            headers = Object.fromEntries(
              Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name)),
            );
          ({ method, body } = redirectedRequest(status, method, body));
          if (body === undefined) {
            delete headers["content-type"];
            delete headers["content-length"];
          }
          url = next;
          continue;
        }
        const empty =
          method === "HEAD" ||
          input.discardBody === true ||
          status === 204 ||
          status === 304 ||
          (status >= 100 && status < 200);
        if (empty) response.resume();
        const responseBody = empty
          ? Buffer.alloc(0)
          : await readBody(response, url, redirects, maxBytes, controller.signal);
        close();
        return { status, url: url.href, redirects, headers: headersOf(response), body: responseBody };
      }
    } finally {
      clearTimeout(deadline);
      input.signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  /**
   * The same rules behind fetch's signature, for clients written against fetch (the Creators API
   * client): the body is read whole within the limits, then handed over as a Response.
   */
  async function fetchLike(
    input: string,
    init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const answer = await request({
      url: input,
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: init.signal,
    });
    const bodyless = answer.status === 204 || answer.status === 205 || answer.status === 304;
    const headers = new Headers(answer.headers);
    // The body is already decoded: keeping these would make a reader decode it twice.
    headers.delete("content-encoding");
    headers.delete("content-length");
    return new Response(bodyless ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  }

  return { request, fetch: fetchLike };
}

export type SafeFetch = ReturnType<typeof createSafeFetch>;
