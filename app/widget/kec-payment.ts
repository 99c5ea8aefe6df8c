// public/widget.js (scripts/build/build-widget.ts): the <kec-payment> element dealers put on their own
// product pages. No framework, no cookies, styles only inside its shadow root (a constructed
// stylesheet, which a host page's `style-src` does not govern), a fixed-size box (the snippet's
// style attribute reserves it before this script arrives) so nothing on the host page moves, and
// one cached, credential-less request once the element is about to be seen.
import { formatUsd } from "#domain/pricing/money-format.ts";
import {
  widgetBoxStyle,
  widgetCalculatorPath,
  widgetElementName,
  widgetPaymentPath,
  widgetScriptPath,
} from "#domain/site/widget-embed.ts";

/** The site this script came from: where the payment and the calculator live. */
function siteOrigin(): string {
  const script = document.currentScript as HTMLScriptElement | null;
  const src =
    script?.src ??
    document.querySelector<HTMLScriptElement>(`script[src$="${widgetScriptPath}"]`)?.src ??
    location.href;
  return new URL(src).origin;
}

const origin = siteOrigin();

// Text wraps, never cut. The note keeps room for two lines, so the centred lines do not move (a
// layout shift) when the payment replaces the placeholder.
const css = `
:host{${widgetBoxStyle};font:14px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;contain:strict}
a{display:flex;flex-direction:column;justify-content:center;box-sizing:border-box;height:100%;padding:0 12px;border:1px solid #094a8c;border-radius:8px;background:#fff;color:#0b2545;text-decoration:none;overflow:hidden;overflow-wrap:anywhere}
a:hover{background:#f1f6fc}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.amount{font-size:15px;font-weight:700}
.note{font-size:12px;min-height:2.6em;color:#475569}
`;

let sheet: CSSStyleSheet | null = null;
function styles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  return sheet;
}

type Payment = { price: number; payment: number; term: number; disclaimer: string };

const requests = new Map<string, Promise<Payment>>();
function requestPayment(price: string, vendor: string): Promise<Payment> {
  const url = `${origin}${widgetPaymentPath}?price=${encodeURIComponent(price)}&vendor=${encodeURIComponent(vendor)}`;
  let request = requests.get(url);
  if (!request) {
    request = fetch(url, { credentials: "omit", mode: "cors", referrerPolicy: "no-referrer" }).then((response) => {
      if (!response.ok) throw new Error(`payment ${response.status}`);
      return response.json() as Promise<Payment>;
    });
    requests.set(url, request);
  }
  return request;
}

const observer =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer!.unobserve(entry.target);
            (entry.target as KecPayment).load();
          }
        },
        { rootMargin: "200px" },
      )
    : null;

class KecPayment extends HTMLElement {
  private link: HTMLAnchorElement | null = null;
  private amount: HTMLSpanElement | null = null;
  private note: HTMLSpanElement | null = null;

  connectedCallback(): void {
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: "open" });
      root.adoptedStyleSheets = [styles()];
      this.link = document.createElement("a");
      this.link.target = "_blank";
      this.link.rel = "noopener";
      this.link.setAttribute("part", "link");
      this.amount = document.createElement("span");
      this.amount.className = "amount";
      this.note = document.createElement("span");
      this.note.className = "note";
      this.link.append(this.amount, this.note);
      root.append(this.link);
    }
    this.show("Monthly payment", "Estimated. Opens in a new tab.");
    if (observer) observer.observe(this);
    else this.load();
  }

  disconnectedCallback(): void {
    observer?.unobserve(this);
  }

  private show(amount: string, note: string): void {
    const price = this.getAttribute("price") ?? "";
    const vendor = this.getAttribute("vendor") ?? "";
    this.link!.href = `${origin}${widgetCalculatorPath(vendor, price)}`;
    this.amount!.textContent = amount;
    this.note!.textContent = note;
  }

  load(): void {
    const price = this.getAttribute("price") ?? "";
    const vendor = this.getAttribute("vendor") ?? "";
    requestPayment(price, vendor).then(
      (answer) => {
        this.show(
          `As low as ${formatUsd(answer.payment)}/mo`,
          `Estimated, ${answer.term} months. ${answer.disclaimer}`,
        );
        this.link!.setAttribute(
          "aria-label",
          `As low as ${formatUsd(answer.payment)} a month, estimated over ${answer.term} months. ${answer.disclaimer} See financing options, opens in a new tab.`,
        );
        this.setAttribute("data-state", "ready");
      },
      () => this.setAttribute("data-state", "unavailable"),
    );
  }
}

if (!customElements.get(widgetElementName)) customElements.define(widgetElementName, KecPayment);
