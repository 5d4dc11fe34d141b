import { budgetsApi } from "@/lib/api/contracts/budgets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { activeBudgetAlerts } from "@/lib/budgets/list-budgets";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The thresholds budgets crossed in their current windows (the banners); `agentId`: that agent's and the workspace's. */
  GET: defineRoute(budgetsApi.alerts, { access: ANY_ROLE }, async ({ query, db }) => ({
    alerts: await activeBudgetAlerts(db, new Date(), { agentId: query.agentId }),
  })),
});
