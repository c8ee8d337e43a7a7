import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isRunning, mcpGuard, NODE_SERVER, NODE_SERVER_DIR, PYTHON, PYTHON_SERVER, recorded, tempDir } from "./helpers.js";

interface AuditJson {
  server: { name: string; version: string; protocolVersion: string; sent: string[] };
  summary: Record<string, number>;
  tools: { name: string; annotations: { stated: Record<string, boolean> | null; effective: Record<string, boolean> | null; unannotated: boolean }; fields: { path: string; type: string }[]; findingCount: number }[];
  findings: { tool: string; rule: string; path: string; message: string }[];
  coverage?: { publishedNotInSource: string[]; inSourceNotPublished: string[] };
}

const findingKeys = (json: AuditJson) => json.findings.map((finding) => `${finding.tool} ${finding.path || "-"} ${finding.rule}`);

describe("mcp-guard audit of a Python stdio server", () => {
  it("judges the published tools, calls no tool and passes only the named variables", async () => {
    const record = join(tempDir("record"), "calls.txt");
    const result = await mcpGuard(["audit", "--json", "--env", "MCP_GUARD_FIXTURE_RECORD", "--", PYTHON, PYTHON_SERVER, "ok"], {
      env: { MCP_GUARD_FIXTURE_RECORD: record, SECRET_API_TOKEN: "do-not-pass", PATH: process.env.PATH },
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as AuditJson;
    expect(json.server).toEqual({ name: "py-fixture", version: "0.1.0", protocolVersion: "2025-06-18", sent: ["initialize", "notifications/initialized", "tools/list"] });
    expect(json.summary).toEqual({
      toolCount: 4,
      readOnlyToolCount: 1,
      // run_query (no annotations) and set_flag (a title only) are destructive by the specification's defaults.
      destructiveToolCount: 2,
      openWorldToolCount: 3,
      unannotatedToolCount: 2,
      additiveWriteToolCount: 1,
      annotationsUnknownToolCount: 0,
    });
    expect(findingKeys(json)).toEqual([
      "archive_note tags require-array-bounds",
      "run_query - require-strict-objects",
      "run_query - require-tool-annotations",
      "run_query params no-unconstrained-input",
      "run_query params require-strict-objects",
      "run_query sql require-string-bounds",
      "set_flag - require-tool-annotations",
      "set_flag account_id no-identity-in-args",
    ]);
    expect(json.findings.find((finding) => finding.rule === "require-string-bounds")?.message).toBe(
      'The string at field "sql" of tool "run_query" has no maximum length; add "maxLength".',
    );
    const setFlag = json.tools.find((tool) => tool.name === "set_flag");
    expect(setFlag?.annotations).toEqual({ stated: {}, effective: { readOnly: false, destructive: true, idempotent: false, openWorld: true }, unannotated: true });
    expect(json.tools.find((tool) => tool.name === "lookup_order")?.fields).toEqual([
      { path: "(input)", type: "object (closed)" },
      { path: "order_id", type: "string ≤ 12" },
    ]);

    const { env, methods } = recorded(record);
    expect(methods).toEqual(["initialize", "notifications/initialized", "tools/list"]);
    expect(env).toContain("MCP_GUARD_FIXTURE_RECORD");
    expect(env).not.toContain("SECRET_API_TOKEN");
  });

  it("reads every page of tools/list", async () => {
    const record = join(tempDir("record"), "calls.txt");
    const result = await mcpGuard(["audit", "--json", "--env", `MCP_GUARD_FIXTURE_RECORD=${record}`, "--", PYTHON, PYTHON_SERVER, "paginate"], { env: { PATH: process.env.PATH } });
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as AuditJson;
    expect(json.tools.map((tool) => tool.name)).toEqual(["archive_note", "lookup_order", "run_query", "set_flag"]);
    expect(recorded(record).methods).toEqual(["initialize", "notifications/initialized", "tools/list", "tools/list"]);
  });

  it("prints text and markdown reports", async () => {
    const text = await mcpGuard(["audit", "--", PYTHON, PYTHON_SERVER, "ok"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("mcp-guard audit: py-fixture 0.1.0 (protocol 2025-06-18), 4 tools published");
    expect(text.stdout).toContain("4 tools: 1 read-only, 2 destructive, 1 additive write, 3 open-world; 2 with no hints, counted with the specification's defaults (destructive, open-world)");
    expect(text.stdout).toContain("  run_query › sql  require-string-bounds\n");
    const markdown = await mcpGuard(["audit", "--markdown", "--", PYTHON, PYTHON_SERVER, "ok"]);
    expect(markdown.stdout).toContain("| 4 | 1 | 2 | 1 | 3 | 2 |");
    expect(markdown.stdout).toContain("| `run_query` | `sql` | `require-string-bounds` | The string at field \"sql\" of tool \"run_query\" has no maximum length; add \"maxLength\". |");
  });
});

describe("mcp-guard audit of a Node server on the SDK", () => {
  it("judges what zod 4 publishes and reports the static analysis's coverage", async () => {
    const record = join(tempDir("record"), "calls.txt");
    const result = await mcpGuard(["audit", "--json", "--static", NODE_SERVER_DIR, "--env", "MCP_GUARD_FIXTURE_RECORD", "--", process.execPath, NODE_SERVER], {
      env: { MCP_GUARD_FIXTURE_RECORD: record, NOTES_ADMIN: "1" },
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as AuditJson;
    expect(json.server.name).toBe("node-fixture");
    expect(json.summary).toMatchObject({ toolCount: 4, readOnlyToolCount: 2, destructiveToolCount: 1, unannotatedToolCount: 1, additiveWriteToolCount: 1 });
    expect(findingKeys(json)).toEqual(["delete_note - require-tool-annotations", "search_notes - require-strict-objects", "search_notes query require-string-bounds"]);
    // NOTES_ADMIN was not named with --env, so purge_notes stayed off; export_notes has a computed name in the source.
    expect(json.coverage).toEqual({ publishedNotInSource: ["export_notes"], inSourceNotPublished: ["purge_notes"] });
    expect(recorded(record).methods).toEqual(["initialize", "notifications/initialized", "tools/list"]);
  });
});

describe("mcp-guard audit of a server that cannot be audited", () => {
  const audit = (mode: string, ...options: string[]) => mcpGuard(["audit", ...options, "--", PYTHON, PYTHON_SERVER, mode]);

  it("crashes at start: exit 2 with its stderr", async () => {
    const result = await audit("crash");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "mcp-guard audit: the server exited before it answered initialize.\nLast lines the server wrote to stderr:\n  | Traceback (most recent call last):\n  |   File \"server.py\", line 1, in <module>\n  | RuntimeError: cannot open database\n",
    );
  });

  it("never answers: times out, and the server is stopped before the command returns", async () => {
    const record = join(tempDir("record"), "calls.txt");
    const result = await audit("silent", "--timeout", "1", "--env", `MCP_GUARD_FIXTURE_RECORD=${record}`);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("mcp-guard audit: the server did not answer initialize within 1 s (--timeout).\nLast lines the server wrote to stderr:\n  | listening, but never answering\n");
    const { pid } = recorded(record);
    expect(pid).toBeTypeOf("number");
    expect(isRunning(pid as number)).toBe(false);
  });

  it("writes logs to stdout: the timeout names what was not JSON-RPC", async () => {
    const result = await audit("garbage", "--timeout", "1");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("did not answer initialize within 1 s (--timeout).\nThe server also wrote to stdout what is not JSON-RPC");
    expect(result.stderr).toContain(`"Starting n"... is not valid JSON`);
  });

  it("publishes a malformed input schema: the tool is named", async () => {
    const result = await audit("bad-schema");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-guard audit: the server answered tools/list outside the protocol:\n  tool "run_query" (tools[1]): inputSchema.type: Invalid input: expected "object"\nThe server wrote nothing to stderr.\n');
  });

  it("answers initialize outside the protocol, or with an error", async () => {
    const bad = await audit("bad-init");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("mcp-guard audit: the server answered initialize outside the protocol:\n  protocolVersion: Invalid input: expected string, received undefined\n");
    const error = await audit("error-init");
    expect(error.code).toBe(2);
    expect(error.stderr).toBe("mcp-guard audit: the server answered initialize with an error: MCP error -32603: license expired\nThe server wrote nothing to stderr.\n");
  });

  it("exits before it lists its tools", async () => {
    const result = await audit("exit-after-init");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("mcp-guard audit: the server exited before it answered tools/list.\nLast lines the server wrote to stderr:\n  | fatal: lost the database connection\n");
  });

  it("sends a cursor that loops", async () => {
    const result = await audit("loop-cursor");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('mcp-guard audit: the server\'s tools/list pages loop: cursor "again" came back twice.');
  });

  it("is given a --static path that cannot be read: no server is started", async () => {
    const record = join(tempDir("record"), "calls.txt");
    const result = await audit("ok", "--static", "no/such/dir", "--env", `MCP_GUARD_FIXTURE_RECORD=${record}`);
    expect(result).toEqual({ code: 2, stdout: "", stderr: "mcp-guard audit: cannot read no/such/dir: no such file or directory.\n" });
    expect(existsSync(record)).toBe(false);
  });

  it("is a command that does not exist", async () => {
    const result = await mcpGuard(["audit", "--", "mcp-guard-no-such-server"], { env: { PATH: process.env.PATH } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-guard audit: could not start "mcp-guard-no-such-server": spawn mcp-guard-no-such-server ENOENT.\n');
  });
});

describe("mcp-guard audit usage", () => {
  it.each([
    [[], "name the server to audit"],
    [["server.js"], 'unexpected "server.js": put the server\'s command after `--`.'],
    [["--url", "http://localhost:1/mcp", "--env", "X", "--"], "give either --url URL or `-- COMMAND`, not both."],
    [["--url", "http://localhost:1/mcp", "--env", "X"], "--env passes variables to a server the audit starts; with --url it starts none."],
    [["--url", "file:///etc/passwd"], "--url must be http: or https:, not file:"],
    [["--timeout", "0", "--", "x"], '--timeout "0": give a number of seconds above 0.'],
    [["--surface", "s.json", "--", "x"], "--surface needs --write (record the surface) or --check (compare with it)."],
    [["--check", "--", "x"], "--check needs --surface FILE."],
    [["--json", "--markdown", "--", "x"], "--json and --markdown exclude each other."],
    [["--jsn", "--", "x"], "Unknown option '--jsn'."],
  ])("%j is a usage error", async (args, message) => {
    const result = await mcpGuard(["audit", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Run `mcp-guard audit --help` for usage.");
  });

  it("warns about a variable named with --env that is not set", async () => {
    const result = await mcpGuard(["audit", "--env", "NOT_SET_ANYWHERE", "--json", "--", PYTHON, PYTHON_SERVER, "ok"]);
    expect(result.stderr).toBe("mcp-guard audit: --env NOT_SET_ANYWHERE: not set here, so not passed.\n");
    expect(result.code).toBe(1);
  });
});
