// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppContext } from "#app/lib/app-context.server.ts";
import { PASSWORD_TEXT } from "#domain/auth-text.ts";
import { appContextWith } from "../../../../tests/support/app-context.ts";
import AdminPassword, { action } from "./password";

// The form kit (decision 021) on one real form: the admin's "Change password" page, its own
// action behind a route stub. The service the action calls is a stand-in here (what it does is
// server/services' tests' business); what is under test is what the owner sees.

afterEach(cleanup);

type ChangePassword = AppContext["changePassword"];
type Outcome = Awaited<ReturnType<ChangePassword>>;

const session = { user: { username: "admin" } };

function renderPage(changePassword: ChangePassword) {
  const Stub = createRoutesStub(
    [{ path: "/admin/password", Component: AdminPassword, action }],
    appContextWith({ session, changePassword } as unknown as Partial<AppContext>),
  );
  render(<Stub initialEntries={["/admin/password"]} />);
  return { user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The field's own message: the element its aria-describedby names for errors, and its text. */
function errorOf(input: HTMLInputElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) {
  await user.type(field(PASSWORD_TEXT.currentLabel), current);
  await user.type(field(PASSWORD_TEXT.newLabel), next);
  await user.type(field(PASSWORD_TEXT.confirmLabel), again);
}

describe("the form kit on the Change Password page", () => {
  it("labels every field and says nothing is wrong before a submit", () => {
    renderPage(vi.fn());
    for (const label of [PASSWORD_TEXT.currentLabel, PASSWORD_TEXT.newLabel, PASSWORD_TEXT.confirmLabel]) {
      const input = field(label);
      expect(input.type).toBe("password");
      expect(input.getAttribute("aria-invalid")).toBeNull();
    }
    // the hint is read with its field
    expect(errorOf(field(PASSWORD_TEXT.newLabel))).toBe(PASSWORD_TEXT.newHint);
  });

  it("after a failed submit, says under each field what is wrong, marks it invalid and focuses the first", async () => {
    const changePassword = vi.fn<ChangePassword>();
    const { user } = renderPage(changePassword);
    await user.type(field(PASSWORD_TEXT.newLabel), "short");
    await user.click(screen.getByRole("button", { name: PASSWORD_TEXT.submit }));

    const current = field(PASSWORD_TEXT.currentLabel);
    await waitFor(() => expect(current.getAttribute("aria-invalid")).toBe("true"));
    expect(errorOf(current)).toBe(PASSWORD_TEXT.currentRequired);
    expect(document.activeElement).toBe(current);
    const next = field(PASSWORD_TEXT.newLabel);
    expect(next.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(next)).toContain(PASSWORD_TEXT.tooShort);
    // checked in the browser: nothing was sent
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("shows the action's answer (a wrong current password) under that field", async () => {
    const changePassword = vi.fn<ChangePassword>(async () => ({ outcome: "wrong-password" }) as Outcome);
    const { user } = renderPage(changePassword);
    await fillIn(user, "not-the-password", "a new long password");
    await user.click(screen.getByRole("button", { name: PASSWORD_TEXT.submit }));

    const current = field(PASSWORD_TEXT.currentLabel);
    await waitFor(() => expect(errorOf(current)).toBe(PASSWORD_TEXT.currentWrong));
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(changePassword).toHaveBeenCalledWith(session, {
      currentPassword: "not-the-password",
      newPassword: "a new long password",
      confirmPassword: "a new long password",
    });
    // the other fields were right: nothing under them
    expect(field(PASSWORD_TEXT.confirmLabel).getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the button busy while the action runs, then the confirmation", async () => {
    let finish: (outcome: Outcome) => void = () => {};
    const changePassword = vi.fn<ChangePassword>(
      () =>
        new Promise<Outcome>((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = renderPage(changePassword);
    await fillIn(user, "the-old-password", "a new long password");
    await user.click(screen.getByRole("button", { name: PASSWORD_TEXT.submit }));

    const busy = await screen.findByRole("button", { name: PASSWORD_TEXT.submitting });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");

    await act(async () => finish({ outcome: "changed" } as Outcome));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", PASSWORD_TEXT.changed);
    const button = screen.getByRole("button", { name: PASSWORD_TEXT.submit });
    expect(button.hasAttribute("disabled")).toBe(false);
    // the form was emptied for the next time
    expect(field(PASSWORD_TEXT.currentLabel).value).toBe("");
  });
});
