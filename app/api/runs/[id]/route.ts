import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { getRunView } from "@/lib/runs/conversation-views";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

/** One run and its events in order. */
export const GET = defineRoute({ access: ANY_ROLE, params: Params }, async ({ params }) => getRunView(getDb(), params.id));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
