/**
 * Story maintenance for a freshly merged vault. Placeholder until topic clustering lands: stories
 * are left as they are (empty for a video-only vault).
 */
import type { VaultBody } from "./model.ts";

export function rebuildStories(body: VaultBody): VaultBody {
  return body;
}
