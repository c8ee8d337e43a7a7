/**
 * The rules' findings, as the commands print them: which tool each one is about, at which field path,
 * with the rule's message. The rules themselves run unchanged (src/core/rule.ts); this only places
 * what they report.
 */
import type * as ts from "typescript";
import type { FileFacts } from "../core/facts.js";
import { findingRange, runRule } from "../core/rule.js";
import type { ToolRegistration } from "../core/registrations/model.js";
import { containsNode } from "../core/ts-utils.js";
import type { RuleRun } from "./rule-set.js";

export interface PlacedFinding {
  /** The tools the finding is about: several when they share the schema it is written in; none for a file-level finding. */
  registrations: ToolRegistration[];
  /** Field path in the tool's input (`recipient.email`, `items[].id`); empty for the input's root and for tool-level findings. */
  path: string;
  rule: string;
  messageId: string;
  message: string;
  /** Where it is written. */
  sourceFile: ts.SourceFile;
  start: number;
}

interface Place {
  registration: ToolRegistration;
  path: string;
}

/** ESLint's interpolation: `{{ key }}` is replaced when the data has the key, and left alone otherwise. */
export function interpolate(text: string, data: Record<string, string | number>): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{([^{}]+)\}\}/gu, (whole, term: string) => {
    const key = term.trim();
    return key in data ? String(data[key]) : whole;
  });
}

/** Runs each rule on one file's facts (every tool registered in it, wherever its parts are written) and places the findings. */
export function placedFindings(facts: FileFacts, rules: readonly RuleRun[]): PlacedFinding[] {
  if (facts.registrations.length === 0 && facts.clientTransports.length === 0 && facts.callToolHandlers.length === 0) return [];
  const locator = new FindingLocator(facts);
  const placed: PlacedFinding[] = [];
  for (const { definition: rule, options } of rules) {
    for (const finding of runRule(rule, facts, options)) {
      const places = locator.placesOf(finding.node);
      const paths = [...new Set(places.map((place) => place.path))];
      placed.push({
        registrations: [...new Set(places.map((place) => place.registration))],
        path: paths.length === 1 ? (paths[0] ?? "") : "",
        rule: rule.name,
        messageId: finding.messageId,
        message: interpolate(rule.meta.messages[finding.messageId] ?? finding.messageId, finding.data),
        sourceFile: finding.node.getSourceFile(),
        start: findingRange(finding).start,
      });
    }
  }
  return placed;
}

/**
 * Finds the tool and field a finding's node belongs to. Input rules report a schema's site, the site of
 * its open mode, or a field's key: those nodes are indexed with their occurrence's path. Any other
 * finding (annotations, handlers) belongs to the tool whose registration, annotations or handler
 * contains it most tightly.
 */
class FindingLocator {
  private readonly byNode = new Map<ts.Node, Place[]>();
  private readonly extents: { node: ts.Node; registration: ToolRegistration }[] = [];

  constructor(facts: FileFacts) {
    const add = (node: ts.Node | undefined, place: Place): void => {
      if (!node) return;
      const list = this.byNode.get(node);
      if (list) list.push(place);
      else this.byNode.set(node, [place]);
    };
    for (const occurrence of facts.inputs) {
      const { schema, path, registration } = occurrence;
      add(schema.site, { registration, path });
      if (schema.kind !== "object") continue;
      add(schema.openness.site, { registration, path });
      for (const property of schema.properties) add(property.keyNode, { registration, path: path === "" ? property.name : `${path}.${property.name}` });
    }
    for (const registration of facts.registrations) {
      this.extents.push({ node: registration.node, registration });
      const annotations = registration.annotations && facts.resolver.objectLiteralOf(registration.annotations);
      if (annotations) this.extents.push({ node: annotations, registration });
      if (registration.nameNode) this.extents.push({ node: registration.nameNode, registration });
    }
    for (const handler of facts.handlers) if (handler.registration) this.extents.push({ node: handler.fn, registration: handler.registration });
  }

  placesOf(node: ts.Node): Place[] {
    const exact = this.byNode.get(node);
    if (exact) return exact;
    const file = node.getSourceFile();
    let best: { width: number; places: Place[] } | undefined;
    for (const extent of this.extents) {
      if (extent.node.getSourceFile() !== file || !containsNode(extent.node, node)) continue;
      const width = extent.node.end - extent.node.pos;
      const place = { registration: extent.registration, path: "" };
      if (!best || width < best.width) best = { width, places: [place] };
      else if (width === best.width && !best.places.some((known) => known.registration === place.registration)) best.places.push(place);
    }
    return best?.places ?? [];
  }
}
