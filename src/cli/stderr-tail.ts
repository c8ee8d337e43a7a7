/** The last lines a server wrote to stderr, kept within a fixed size however much it writes. */
export class StderrTail {
  private text = "";

  constructor(
    private readonly maxChars = 8192,
    private readonly maxLines = 20,
  ) {}

  append(chunk: Buffer | string): void {
    this.text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    if (this.text.length > this.maxChars * 2) this.text = this.text.slice(-this.maxChars);
  }

  lines(): string[] {
    const lines = this.text.slice(-this.maxChars).replace(/\r/g, "").split("\n");
    while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
    return lines.slice(-this.maxLines);
  }
}
