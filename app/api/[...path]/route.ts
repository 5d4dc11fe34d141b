/** Any /api path without a route of its own: a JSON 404, whatever the method. */
import { defineRoute } from "@/lib/api/define-route";
import { NotFoundError } from "@/lib/errors";

export const dynamic = "force-dynamic";

const notFound = defineRoute({ access: "public" }, ({ req }) => {
  throw new NotFoundError(`No API route ${req.method} ${new URL(req.url).pathname}.`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
