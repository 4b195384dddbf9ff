// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMAIL_MESSAGE } from "#domain/email.ts";
import { CONTACT_TEXT, ContactForm } from "./contact-form";
import { Toaster } from "./ui/toaster";

// The contact form once its scripts run: the kit checks a field when it is left, sends the
// spec's POST /api/contact, and puts the API's per-field refusals under their fields. The
// network is the test's: each test answers the one call the way the API does.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The contact page's form and the site's notification area, as the page has them. */
function ContactPage() {
  return (
    <>
      <ContactForm />
      <Toaster />
    </>
  );
}

function renderForm() {
  const Stub = createRoutesStub([{ path: "/contact", Component: ContactPage }]);
  render(<Stub initialEntries={["/contact"]} />);
  return userEvent.setup();
}

/** Answers fetch with `answer` (once it is released, when `held`), recording the calls. */
function network(answer: () => Response, held?: Promise<void>) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => {
    await held;
    return answer();
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email = "sam@example.com") {
  await user.type(field("Name"), "Sam Doe");
  await user.type(field("Email"), email);
  await user.type(field("Subject"), "A question about rope toys");
  await user.type(field("Message"), "Do they survive a terrier?");
}

describe("the contact form", () => {
  it("says under the Email field that an address is not one when the field is left, and no sooner", async () => {
    const user = renderForm();
    const email = field("Email");
    await user.type(email, "sam.example.com");
    expect(email.getAttribute("aria-invalid")).toBeNull();
    await user.tab();
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(email)).toBe(EMAIL_MESSAGE);
    // corrected: the message goes as the visitor types
    await user.clear(email);
    await user.type(email, "sam@example.com");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBeNull());
    expect(describedText(email)).toBe("");
  });

  it("sends nothing while fields are wrong: says so under each and focuses the first", async () => {
    const fetch = network(() => json(202, {}));
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(describedText(field("Message"))).toBe("Message must be at least 10 characters"));
    expect(describedText(field("Name"))).toBe("Name must be at least 2 characters");
    expect(describedText(field("Email"))).toBe(EMAIL_MESSAGE);
    expect(describedText(field("Subject"))).toBe("Subject must be at least 5 characters");
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
    }
    expect(document.activeElement).toBe(field("Name"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts the API's refusal of a field under that field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refusal = "We cannot deliver mail to this address";
    const fetch = network(() => json(400, { message: "Validation failed", errors: { email: [refusal] } }));
    const user = renderForm();
    await fillIn(user, "sam@example.invalid");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    await waitFor(() => expect(describedText(field("Email"))).toBe(refusal));
    // and the spec's toast with the server's sentence, closed here (the page's one toast store
    // would make the next test's toast wait its turn)
    const notifications = screen.getByRole("region", { name: /Notifications/ });
    expect(within(notifications).getByText(CONTACT_TEXT.errorTitle)).toBeTruthy();
    expect(within(notifications).getByText("Validation failed")).toBeTruthy();
    await user.click(within(notifications).getByRole("button", { name: "Close notification" }));
    expect(field("Email").getAttribute("aria-invalid")).toBe("true");
    expect(field("Name").getAttribute("aria-invalid")).toBeNull();
    // what was typed stays, to be corrected
    expect(field("Message").value).toBe("Do they survive a terrier?");
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: "Sam Doe",
      email: "sam@example.invalid",
      subject: "A question about rope toys",
      message: "Do they survive a terrier?",
    });
  });

  it("shows 'Sending...' while the message is on its way, then thanks and empties the form", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    network(() => json(202, { emailSent: true, message: "Thank you" }), held);
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const busy = await screen.findByRole("button", { name: "Sending..." });
    expect(busy.hasAttribute("disabled")).toBe(true);
    release();

    const notifications = screen.getByRole("region", { name: /Notifications/ });
    await waitFor(() => expect(within(notifications).getByText(CONTACT_TEXT.sentTitle)).toBeTruthy());
    expect(screen.getByRole("button", { name: "Send Message" }).hasAttribute("disabled")).toBe(false);
    await waitFor(() => expect(field("Name").value).toBe(""));
  });
});
