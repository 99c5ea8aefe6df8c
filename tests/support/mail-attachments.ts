/** The base64 parts of a caught mail's raw MIME text whose content type is `contentType`, decoded. */
export function mailAttachments(raw: string, contentType: string): { filename: string; content: Buffer }[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts.flatMap((part) => {
    const [head = "", ...body] = part.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, " ");
    if (!new RegExp(`^Content-Type: ${contentType.replace("/", "\\/")}`, "im").test(headers)) return [];
    if (!/^Content-Transfer-Encoding: base64/im.test(headers)) return [];
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? "";
    const encoded = body
      .join("\n")
      .split(/\r?\n--/)[0]!
      .replace(/\s+/g, "");
    return [{ filename, content: Buffer.from(encoded, "base64") }];
  });
}
