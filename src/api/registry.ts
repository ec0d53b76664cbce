/** Every endpoint of spec section 4, in the spec's order. Routes, OpenAPI, llms.txt and MCP read this. */
import type { Endpoint } from "./endpoint.ts";
import { trends } from "./trends.ts";
import { news } from "./news.ts";
import { forecast } from "./forecast.ts";
import { virality } from "./virality.ts";
import { opportunities } from "./opportunities.ts";
import { brief } from "./brief.ts";
import { hookRescue } from "./hook-rescue.ts";
import { grade } from "./grade.ts";
import { prebreakout } from "./prebreakout.ts";
import { viralPatterns } from "./viral-patterns.ts";
import { usage } from "./usage.ts";

export const ENDPOINTS: Endpoint[] = [trends, news, forecast, virality, opportunities, brief, hookRescue, grade, prebreakout, viralPatterns, usage];
