import { budgetsApi } from "@/lib/api/contracts/budgets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listBudgets } from "@/lib/budgets/list-budgets";
import { createBudget } from "@/lib/budgets/manage-budgets";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Every budget with its current window's use: any role (the costs page shows them); changes are admin's. */
  GET: defineRoute(budgetsApi.list, { access: ANY_ROLE }, async ({ db }) => ({ budgets: await listBudgets(db) })),
  POST: defineRoute(budgetsApi.create, { access: ["admin"] }, async ({ body, principal, db }) =>
    createBudget(db, principal, body),
  ),
});
