// The README's shared settings section is generated from src/core/settings-schema.ts: this fails when
// one changes without the other (`npm run build && npm run docs:update` regenerates it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsSchema } from "../../src/core/settings-schema.js";
import { BEGIN, END, renderSettingsSection, withSettingsSection } from "../../scripts/settings-docs.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README's shared settings", () => {
  it("are the section generated from the schema", () => {
    const section = readme.slice(readme.indexOf(BEGIN), readme.indexOf(END) + END.length);
    expect(section).toBe(renderSettingsSection(settingsSchema));
  });

  it("list every setting and every field of both registration forms", () => {
    const section = renderSettingsSection(settingsSchema);
    for (const key of Object.keys(settingsSchema.properties)) expect(section).toContain(`| \`${key}\` |`);
    const { then: declaredClass, else: declaredCall } = settingsSchema.properties.registrations.items;
    for (const key of [...Object.keys(declaredCall.properties), ...Object.keys(declaredClass.properties)]) expect(section).toContain(`| \`${key}\` |`);
  });

  it("fails loudly on a README without the markers", () => {
    expect(() => withSettingsSection("# no section\n", "x")).toThrow(/no <!-- begin auto-generated settings -->/);
  });
});
