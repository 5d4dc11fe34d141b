import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { ATELIER_MODULE_DTS, ATELIER_MODULE_PATH } from "@/lib/tools/atelier-module";

export const dynamic = "force-dynamic";

/** The `atelier` module's declarations, for the editor's completion, hover and type checks. */
export const GET = defineRoute({ access: ANY_ROLE }, () => ({ path: ATELIER_MODULE_PATH, dts: ATELIER_MODULE_DTS }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
