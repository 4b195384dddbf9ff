import { expect, type Page, type Request, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

const VALID = {
  Name: "Jamie Barker",
  Email: "jamie@example.com",
  Subject: "Toy suggestion",
  Message: "Please review the indestructible rubber bone my beagle loves.",
};

/** Opens the page and waits until its scripts run (the form then sends through the API). */
async function gotoContact(page: Page) {
  const response = await page.goto("/contact");
  await hydrated(page);
  return response;
}

async function fillForm(page: Page, values: Record<string, string>) {
  const form = page.getByRole("form", { name: "Send Us a Message" });
  for (const [label, value] of Object.entries(values)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
}

async function expectFormValues(page: Page, values: Record<string, string>) {
  const form = page.getByRole("form", { name: "Send Us a Message" });
  for (const [label, value] of Object.entries(values)) {
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
  }
}

const EMPTY = { Name: "", Email: "", Subject: "", Message: "" };

/** The toast on screen: a list item of the notification area (Radix also puts a hidden copy elsewhere for screen readers). */
function toastWith(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

function recordContactPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/contact")) posts.push(request);
  });
  return posts;
}

test.describe("contact page", () => {
  test("shows the heading, contact cards, form, notes and FAQ @mobile", async ({ page }) => {
    const response = await gotoContact(page);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Contact Us | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");

    const cards = page.getByRole("region", { name: "Ways to reach us" }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    for (const title of ["Email Us", "FAQ", "Resources", "Feedback"]) {
      await expect(cards.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    // CONTACT_TO of playwright.config.ts
    await expect(cards.getByRole("link", { name: "hello@pawsomepicks.com" })).toHaveAttribute(
      "href",
      "mailto:hello@pawsomepicks.com",
    );
    await expect(cards.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute("href", "#faq");
    await expect(cards.getByRole("link", { name: "Browse reviews & guides" })).toHaveAttribute("href", "/resources");
    await expect(cards.getByRole("link", { name: "Suggest a toy or send feedback" })).toBeVisible();

    await expect(page.getByRole("heading", { level: 2, name: "Send Us a Message" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(
      page.getByText(/purchase made through one of our affiliate links, please contact Amazon/),
    ).toBeVisible();
    await expect(page.getByText("We usually reply within 24-48 hours.")).toBeVisible();
    await expect(
      page.getByText(/Email delivery depends on the site administrator configuring an email delivery service/),
    ).toBeVisible();

    const faq = page.locator("#faq");
    await expect(faq.getByRole("heading", { level: 2 })).toHaveText("Frequently Asked Questions");
    const questions = [
      "What types of toys do you review?",
      "How do you test the toys?",
      "Do you accept product samples?",
      "Can I suggest a toy for review?",
    ];
    for (const question of questions) {
      await expect(faq.getByText(question, { exact: true })).toBeVisible();
    }
    await faq.getByText("Do you accept product samples?").click();
    await expect(faq.getByText(/a free sample never buys a good review/)).toBeVisible();
  });

  test("the FAQ card jumps to the FAQ section", async ({ page }) => {
    await gotoContact(page);
    await page.getByRole("link", { name: "Read the FAQ" }).click();
    await expect(page).toHaveURL(/\/contact#faq$/);
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
  });

  test("invalid input shows each field's message and sends nothing @mobile", async ({ page }) => {
    await gotoContact(page);
    const posts = recordContactPosts(page);
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await fillForm(page, { Name: "J", Email: "not-an-email", Subject: "Hi", Message: "Too short" });
    await form.getByRole("button", { name: "Send Message" }).click();

    const expected: [string, string][] = [
      ["Name", "Name must be at least 2 characters"],
      ["Email", "Please enter a valid email address"],
      ["Subject", "Subject must be at least 5 characters"],
      ["Message", "Message must be at least 10 characters"],
    ];
    for (const [label, message] of expected) {
      const field = form.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel("Name", { exact: true })).toBeFocused();

    // A field already marked wrong is re-checked as the visitor fixes it.
    await form.getByLabel("Name", { exact: true }).fill("Jo");
    await expect(form.getByText("Name must be at least 2 characters")).toBeHidden();
    await expect(form.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

    // Submitting again focuses the first field that is still wrong.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Email", { exact: true })).toBeFocused();
    await expectFormValues(page, { Name: "Jo", Email: "not-an-email", Subject: "Hi", Message: "Too short" });
    expect(posts).toHaveLength(0);
  });

  test("an empty form is blocked with all four messages", async ({ page }) => {
    await gotoContact(page);
    const posts = recordContactPosts(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Subject must be at least 5 characters",
      "Message must be at least 10 characters",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    expect(posts).toHaveLength(0);
  });

  test("a real submission is received, followed by the server's note, and clears the form @mobile", async ({
    page,
  }) => {
    await gotoContact(page);
    await fillForm(page, VALID);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact"));
    await page.getByRole("button", { name: "Send Message" }).click();
    const res = await answer;
    expect(res.status()).toBe(202);
    expect(res.request().postDataJSON()).toEqual({
      name: VALID.Name,
      email: VALID.Email,
      subject: VALID.Subject,
      message: VALID.Message,
      // the honeypot people never see stays empty, so it is not sent
    });

    const received = toastWith(page, "Message received");
    await expect(received).toBeVisible();
    await expect(received).toContainText("Your message has been received. We usually reply within 24-48 hours.");
    await expectFormValues(page, EMPTY);

    const note = toastWith(page, "Note");
    await expect(note).toBeVisible();
    await expect(note).toContainText("This site is not sending emails yet");
  });

  test("emailSent true shows 'Message sent!' and clears the form", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ emailSent: true, message: "ok" }),
      }),
    );
    await gotoContact(page);
    await fillForm(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const sent = toastWith(page, "Message sent!");
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("Thank you for reaching out. We'll get back to you soon.");
    await expectFormValues(page, EMPTY);
  });

  test("an accepted message without a server message shows the fallback", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 202, contentType: "application/json", body: JSON.stringify({ emailSent: false }) }),
    );
    await gotoContact(page);
    await fillForm(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const received = toastWith(page, "Message received");
    await expect(received).toContainText(
      "Your message was received, but there was an issue sending the confirmation email.",
    );
    await expectFormValues(page, EMPTY);
  });

  test("a server error shows its message and keeps what was typed", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Server exploded" }),
      }),
    );
    await gotoContact(page);
    await fillForm(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const error = toastWith(page, "Error");
    await expect(error).toBeVisible();
    await expect(error).toContainText("Server exploded");
    await expectFormValues(page, VALID);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("a server error with an empty body shows the fallback text", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
    await gotoContact(page);
    await fillForm(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const error = toastWith(page, "Error");
    await expect(error).toContainText("There was a problem sending your message. Please try again.");
    await expectFormValues(page, VALID);
  });

  test("a network failure shows the connection message and keeps what was typed", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.abort());
    await gotoContact(page);
    await fillForm(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const error = toastWith(page, "Error");
    await expect(error).toContainText("There was a problem connecting to our server. Please try again later.");
    await expectFormValues(page, VALID);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("the button reads 'Sending...' and is disabled while the message is on its way", async ({ page }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await released;
      await route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ emailSent: true, message: "ok" }),
      });
    });
    await gotoContact(page);
    await fillForm(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();

    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(toastWith(page, "Message sent!")).toHaveCount(0);

    release();
    await expect(toastWith(page, "Message sent!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

test.describe("contact form before the scripts have loaded", () => {
  test.use({ javaScriptEnabled: false });

  test("a click is never ignored: the page's own action checks, stores and answers", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Name must be at least 2 characters", "Please enter a valid email address"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await fillForm(page, VALID);
    await form.getByRole("button", { name: "Send Message" }).click();
    const status = page.getByRole("status").filter({ hasText: "Message received" });
    await expect(status).toBeVisible();
    await expect(status).toContainText("This site is not sending emails yet");
    await expectFormValues(page, { Name: "", Email: "", Subject: "", Message: "" });
  });
});

test("a failure's toast never covers the button that was just pressed @mobile", async ({ page }) => {
  await gotoContact(page);
  await page.route("**/api/contact", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"The mail room is closed."}' }),
  );
  await fillForm(page, VALID);
  const button = page.getByRole("button", { name: "Send Message" });
  // the button at the very bottom of the screen, where the toasts appear by default
  await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
  await button.click();
  const toast = toastWith(page, "Error");
  await expect(toast).toBeVisible();
  const [a, b] = [await button.boundingBox(), await toast.boundingBox()];
  if (!a || !b) throw new Error("no box");
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap).toBe(false);
  // the button can be pressed again at once, with the pointer still where it was
  await button.click();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
});
