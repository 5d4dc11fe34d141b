import { budgetsApi } from "@/lib/api/contracts/budgets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { budgetScopeChoices } from "@/lib/budgets/budget-scopes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The agents, users and API tokens a budget may name: admin (it lists every user's tokens by name). */
  GET: defineRoute(budgetsApi.scopes, { access: ["admin"] }, async ({ db }) => budgetScopeChoices(db)),
});
