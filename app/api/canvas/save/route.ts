import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { canvasApi } from "@/lib/api/contracts/canvas.shared";
import { saveCanvas } from "@/lib/canvas/save-canvas";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: defineRoute(
    canvasApi.save,
    { access: ["author"], maxBodyBytes: 4 * 1024 * 1024 },
    async ({ body, principal, db }) => saveCanvas(db, body, { id: principal.id, name: principal.name }),
  ),
});
