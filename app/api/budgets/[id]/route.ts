import { budgetsApi } from "@/lib/api/contracts/budgets.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { budgetView } from "@/lib/budgets/list-budgets";
import { deleteBudget, updateBudget } from "@/lib/budgets/manage-budgets";
import { NotFoundError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The whole budget is replaced; its alerts already claimed in the current window stay. */
  PUT: defineRoute(budgetsApi.update, { access: ["admin"] }, async ({ params, body, principal, db }) => {
    await updateBudget(db, principal, params.id, body);
    const view = await budgetView(db, params.id);
    if (!view) throw new NotFoundError(`No budget with id '${params.id}'.`);
    return view;
  }),
  DELETE: defineRoute(budgetsApi.remove, { access: ["admin"] }, async ({ params, principal, db }) => {
    await deleteBudget(db, principal, params.id);
    return { deleted: params.id };
  }),
});
