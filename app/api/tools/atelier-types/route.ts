import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { ATELIER_MODULE_DTS, ATELIER_MODULE_PATH } from "@/lib/tools/atelier-module";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The `atelier` module's declarations, for the editor's completion, hover and type checks. */
  GET: defineRoute(toolsApi.atelierTypes, { access: ANY_ROLE }, () => ({
    path: ATELIER_MODULE_PATH,
    dts: ATELIER_MODULE_DTS,
  })),
});
