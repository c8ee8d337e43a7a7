// Types for settings-docs.js, which the tests import.
export const BEGIN: string;
export const END: string;
export function renderSettingsSection(schema: unknown): string;
export function withSettingsSection(text: string, section: string): string;
