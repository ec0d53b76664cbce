/** Every endpoint of spec section 4, in the spec's order. Routes, OpenAPI, llms.txt and MCP read this. */
import type { Endpoint } from "./endpoint.ts";
import { trends } from "./trends.ts";
import { usage } from "./usage.ts";

export const ENDPOINTS: Endpoint[] = [trends, usage];
