import { afterEach, describe, expect, it, vi } from "vitest";
import { postPortalDealMessage, submitDeal } from "#domain/deals/portal-contracts.ts";
import { ApiError, decodeResponse, multipartForm, upload, type UploadProgress } from "./call.ts";

describe("one decoder for every answer", () => {
  it("parses a success with the contract's schema for its status", () => {
    expect(
      decodeResponse(submitDeal, 201, JSON.stringify({ id: "d1", accountNumber: "VP30001", extra: true })),
    ).toEqual({ ok: true, data: { id: "d1", accountNumber: "VP30001" } });
    const unexpected = decodeResponse(submitDeal, 200, JSON.stringify({ id: 1 }));
    expect(unexpected.ok || unexpected.error.code).toBe("UNEXPECTED_RESPONSE");
  });

  it("reads a refusal's code, message and fields at fault, and a body that is not ours as INTERNAL", () => {
    const refused = decodeResponse(
      submitDeal,
      400,
      JSON.stringify({
        code: "VALIDATION_FAILED",
        message: "Please enter the business name.",
        details: [{ path: "/businessName", message: "x" }],
      }),
    );
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toBeInstanceOf(ApiError);
    expect([refused.error.status, refused.error.code, refused.error.message, refused.error.details]).toEqual([
      400,
      "VALIDATION_FAILED",
      "Please enter the business name.",
      [{ path: "/businessName", message: "x" }],
    ]);
    const proxy = decodeResponse(submitDeal, 502, "<html>Bad gateway</html>");
    expect(proxy.ok || [proxy.error.code, proxy.error.message]).toEqual([
      "INTERNAL",
      "Something went wrong. Please try again later.",
    ]);
  });
});

/** An XMLHttpRequest that answers as told once sent, reporting upload progress on the way. */
function fakeXhr(answer: { status: number; text: string } | "unreachable", progress: UploadProgress[]) {
  return class {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    opened: [string, string] | null = null;
    open(method: string, url: string) {
      this.opened = [method, url];
    }
    send() {
      for (const { sent, total } of progress) this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total });
      if (answer === "unreachable") return this.onerror?.();
      this.status = answer.status;
      this.responseText = answer.text;
      this.onload?.();
    }
  };
}

describe("uploads", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("report progress, then decode the answer as call() does", async () => {
    vi.stubGlobal(
      "XMLHttpRequest",
      fakeXhr({ status: 201, text: JSON.stringify({ id: "d1", accountNumber: "VP30001" }) }, [
        { sent: 50, total: 100 },
        { sent: 100, total: 100 },
      ]),
    );
    const seen: UploadProgress[] = [];
    await expect(upload(submitDeal, { body: new FormData() }, (progress) => seen.push(progress))).resolves.toEqual({
      id: "d1",
      accountNumber: "VP30001",
    });
    expect(seen).toEqual([
      { sent: 50, total: 100 },
      { sent: 100, total: 100 },
    ]);
  });

  it("throw the refusal's ApiError, or NETWORK when the server cannot be reached", async () => {
    vi.stubGlobal(
      "XMLHttpRequest",
      fakeXhr(
        {
          status: 415,
          text: JSON.stringify({ code: "UNSUPPORTED_MEDIA_TYPE", message: "a.pdf is not an accepted document" }),
        },
        [],
      ),
    );
    await expect(upload(submitDeal, { body: new FormData() }, () => {})).rejects.toMatchObject({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "a.pdf is not an accepted document",
    });
    vi.stubGlobal("XMLHttpRequest", fakeXhr("unreachable", []));
    await expect(upload(submitDeal, { body: new FormData() }, () => {})).rejects.toMatchObject({
      status: 0,
      code: "NETWORK",
    });
  });
});

describe("a multipart body from a submitted form", () => {
  it("sends the contract's text fields first, then its slots' files, and nothing else", () => {
    const form = new FormData();
    form.append("intent", "message");
    form.append("attachment", new File(["%PDF"], "a.pdf"));
    form.append("body", "Statements attached.");
    form.append("attachment", new File(["%PDF"], "b.pdf"));
    const body = multipartForm(postPortalDealMessage, form);
    expect([...body.entries()].map(([name, value]) => [name, value instanceof File ? value.name : value])).toEqual([
      ["body", "Statements attached."],
      ["attachment", "a.pdf"],
      ["attachment", "b.pdf"],
    ]);
    expect(multipartForm(postPortalDealMessage, new FormData()).get("body")).toBe("");
  });
});
