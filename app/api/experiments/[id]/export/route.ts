import { experimentsApi } from "@/lib/api/contracts/experiments.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { experimentExport } from "@/lib/evals/experiment-export";
import { getExperiment } from "@/lib/evals/read-experiments";

export const dynamic = "force-dynamic";

/** The results as a download: `?format=json` (the experiment's view, the default) or `csv` (one row per case entry). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(experimentsApi.export, { access: ANY_ROLE }, async ({ params, query, db }) => {
    const file = experimentExport(await getExperiment(db, params.id), query.format);
    return new Response(file.body, {
      status: 200,
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "no-store",
      },
    });
  }),
});
