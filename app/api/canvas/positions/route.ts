import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { canvasApi } from "@/lib/api/contracts/canvas.shared";
import { resetCanvasPositions, saveCanvasPositions } from "@/lib/canvas/canvas-positions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: defineRoute(canvasApi.savePositions, { access: ["author"] }, async ({ body, db }) => ({
    positions: await saveCanvasPositions(db, body.positions),
  })),
  DELETE: defineRoute(canvasApi.resetPositions, { access: ["author"] }, async ({ db }) => ({
    deleted: await resetCanvasPositions(db),
  })),
});
