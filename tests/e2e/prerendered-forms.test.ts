import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A form the browser submits by itself (before the page's script runs) must not put its fields in
// a URL, nor be sendable at all: it posts, and every way to submit it is disabled until hydrated.

const root = "build/client";
const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith(".html")).sort();

/** The attributes of each `<tag ...>` in the HTML (React quotes every value and escapes `<>"`). */
function tags(html: string, name: string): Map<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map(
    (match) =>
      new Map(
        [...match[1]!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((attribute) => [
          attribute[1]!.toLowerCase(),
          attribute[2] ?? "",
        ]),
      ),
  );
}

function forms(html: string) {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((match) => ({
    form: tags(match[0], "form")[0]!,
    buttons: tags(match[0], "button"),
    inputs: tags(match[0], "input"),
  }));
}

const isSubmit = (control: Map<string, string>, element: "button" | "input") =>
  element === "button"
    ? !["button", "reset"].includes(control.get("type")?.toLowerCase() ?? "submit")
    : ["submit", "image"].includes(control.get("type")?.toLowerCase() ?? "");

describe("forms in the prerendered pages (build/client, written by npm run build)", () => {
  it("finds the forms to check: the footer's on every page, the credit application, questionnaire, calculator and sign-in", async () => {
    const html = async (page: string) => readFile(path.join(root, page), "utf8");
    expect(pages.length).toBeGreaterThan(10);
    // Sorted: lazy parts of a prerendered page are streamed in the order they resolve, not the page's.
    const labels = async (page: string) =>
      forms(await html(page))
        .map(({ form }) => form.get("aria-label") ?? form.get("aria-labelledby"))
        .sort();
    expect(await labels("index.html")).toEqual(["Pre-qualification questionnaire", "contact-heading"]);
    expect(await labels("ApplyNow/index.html")).toEqual(["Credit application", "contact-heading"]);
    expect(forms(await html("GetQualified/index.html"))).toHaveLength(2);
    expect(forms(await html("vendor_partner/__partner__/index.html"))).toHaveLength(2);
    expect(forms(await html("VendorLogin/index.html"))).toHaveLength(3);
    expect(forms(await html("ClientLogin/index.html"))).toHaveLength(2);
  });

  for (const page of pages) {
    it(`${page}: every form posts, to its own page, and cannot be submitted before hydration`, async () => {
      const html = await readFile(path.join(root, page), "utf8");
      // Controls outside a form can join it with form="id"; none may.
      expect(
        tags(html, "button")
          .concat(tags(html, "input"), tags(html, "select"), tags(html, "textarea"))
          .filter((control) => control.has("form")),
      ).toEqual([]);
      for (const { form, buttons, inputs } of forms(html)) {
        const name = form.get("aria-label") ?? form.get("aria-labelledby") ?? "unnamed form";
        expect(form.get("method")?.toLowerCase(), `${name}: method`).toBe("post");
        expect(form.has("action"), `${name}: action`).toBe(false);
        const submits = [
          ...buttons.filter((button) => isSubmit(button, "button")),
          ...inputs.filter((input) => isSubmit(input, "input")),
        ];
        expect(submits.length, `${name}: submit buttons`).toBeGreaterThan(0);
        for (const submit of submits) {
          expect(submit.has("disabled"), `${name}: a submit button enabled before hydration`).toBe(true);
          expect(
            [submit.has("formmethod"), submit.has("formaction")],
            `${name}: a submit button with its own method or action`,
          ).toEqual([false, false]);
        }
      }
    });
  }
});
