/**
 * Typed, cross-file analysis over the fixture project (test/fixtures/typed): imports, re-exports,
 * factories, handlers and annotations in other files; zod objects known only from declarations; and each
 * problem reported once, in the file where it is written, whichever file is linted.
 */
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";

/** Every finding of configs.all over the whole fixture project, typed. */
const TYPED_PROJECT = [
  // Post (cycle-a.ts) and TaggedUser reach User across the module cycle: its open object and unbounded name, once.
  "cycle-b.ts:6:21 mcp-guard/require-strict-objects zodObject",
  "cycle-b.ts:6:38 mcp-guard/require-string-bounds unbounded",
  // errors.ts (error helpers of error-tools.ts and dispatch-tools.ts): runReport catches for itself and its
  // text is put into the result in error-tools.ts; toolError, called by two tools, is reported once, in the helper.
  "errors.ts:6:84 mcp-guard/no-raw-error-in-result rawErrorInHelper",
  "errors.ts:27:12 mcp-guard/no-raw-error-in-result rawError",
  "errors.ts:45:61 mcp-guard/no-raw-error-in-result rawError",
  // An imported handler's raw error text is reported in the handler's file.
  "handlers.ts:10:70 mcp-guard/no-raw-error-in-result rawError",
  // safe-tools.ts calls the inherited safeExecute of safe-base.ts, which builds createErrorResponse(error.message).
  "safe-base.ts:11:39 mcp-guard/no-raw-error-in-result rawError",
  // OpenSchema: used directly, through barrel.ts → reexport.ts and in a tools array; reported once, where written.
  "schemas.ts:7:27 mcp-guard/require-strict-objects zodObject",
  "schemas.ts:7:45 mcp-guard/require-string-bounds unbounded",
  // Objects known only from lib/external.d.ts, judged by their types and reported at their use.
  "server-extra.ts:17:53 mcp-guard/require-strict-objects declaredOpen",
  "server-extra.ts:18:54 mcp-guard/require-strict-objects declaredOpen",
  "server-extra.ts:20:56 mcp-guard/require-strict-objects declaredOpen",
  // `.shape` of an imported strict schema, and an imported raw shape: the SDK wraps both in a stripping object.
  "server.ts:26:54 mcp-guard/require-strict-objects rawShape",
  "server.ts:29:44 mcp-guard/require-strict-objects rawShape",
  // The factory's argument: its unbounded string is written here.
  "server.ts:32:64 mcp-guard/require-string-bounds unbounded",
  // listInvoices (handlers.ts) reads args.tenantId; the field is declared here.
  "server.ts:43:35 mcp-guard/no-identity-in-args identityInSchema",
  "server.ts:50:27 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:21 mcp-guard/require-tool-annotations missingAnnotations",
  "server.ts:58:46 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:61 mcp-guard/require-string-bounds unbounded",
  // zod/v3 `.passthrough()`, used by server-extra.ts.
  "zod3-schemas.ts:9:99 mcp-guard/require-strict-objects passthrough",
];

/** Untyped, only what the registration files write themselves: imports stay unknown and silent. */
const UNTYPED_PROJECT = [
  "server.ts:26:54 mcp-guard/require-strict-objects rawShape",
  "server.ts:43:35 mcp-guard/no-identity-in-args identityInSchema",
  "server.ts:50:27 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:21 mcp-guard/require-tool-annotations missingAnnotations",
  "server.ts:58:46 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:61 mcp-guard/require-string-bounds unbounded",
];

describe("typed analysis across files", () => {
  it("reports every problem of the project once, in the file where it is written", async () => {
    expect(formatFindings(await lintFixture(["*.ts"], { typed: true }))).toEqual(TYPED_PROJECT);
  }, 120_000);

  it("without types, reports only what the registration files write themselves", async () => {
    expect(formatFindings(await lintFixture(["*.ts"], { typed: false }))).toEqual(UNTYPED_PROJECT);
  }, 120_000);

  it("linting only schemas.ts reports its open object, because a tool in another file uses it", async () => {
    expect(formatFindings(await lintFixture(["schemas.ts"], { typed: true }))).toEqual(TYPED_PROJECT.filter((line) => line.startsWith("schemas.ts:")));
  }, 120_000);

  it("linting only handlers.ts reports the raw error of a handler registered in server.ts", async () => {
    expect(formatFindings(await lintFixture(["handlers.ts"], { typed: true }))).toEqual(["handlers.ts:10:70 mcp-guard/no-raw-error-in-result rawError"]);
  }, 120_000);

  it("linting only server.ts reports nothing written in the files it imports", async () => {
    expect(formatFindings(await lintFixture(["server.ts"], { typed: true }))).toEqual(TYPED_PROJECT.filter((line) => line.startsWith("server.ts:")));
  }, 120_000);

  it("files nothing registers stay silent: re-export modules and the barrel", async () => {
    expect(await lintFixture(["reexport.ts", "barrel.ts", "cycle-a.ts"], { typed: true })).toEqual([]);
  }, 120_000);
});
