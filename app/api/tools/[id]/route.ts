import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { deleteTool, getTool, saveToolVersion, ToolSourceInput } from "@/lib/db/tool-store";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Query = z.object({ version: z.coerce.number().int().min(1).optional() });

/** The tool with one version (latest unless ?version=N), its history and the agents using it. */
export const GET = defineRoute({ access: ANY_ROLE, params: Params, query: Query }, async ({ params, query }) => ({
  tool: await getTool(getDb(), params.id, query.version),
}));

/** Saves the source as a new immutable version. */
export const PUT = defineRoute({ access: ["author"], params: Params, body: ToolSourceInput }, async ({ params, body, principal }) => ({
  tool: await saveToolVersion(getDb(), principal!, params.id, body.source),
}));

/** Deletes the tool; refused (409) while agents use it, naming them. */
export const DELETE = defineRoute({ access: ["author"], params: Params }, async ({ params }) => {
  await deleteTool(getDb(), params.id);
  return { deleted: params.id };
});

export const { POST, PATCH } = otherMethodsRefused(["GET", "PUT", "DELETE"]);
