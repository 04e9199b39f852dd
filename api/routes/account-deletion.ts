/**
 * "My data", erasure over REST (api/my-data/account-deletion.ts): what deleting
 * the account takes with it, asking for the deletion, and keeping the account.
 */
import { Hono } from 'hono';
import { deletionRequestSchema, myDataMessages, myDataServerChanges } from '../../sync/my-data.ts';
import { personRoute } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { deletionMail, deletionSummary } from '../my-data/account-deletion.ts';
import { valid } from '../validate.ts';
import { ownData } from './my-data.ts';

export function accountDeletionRoutes(deps: AppDeps) {
  const caller = personRoute(deps);
  const own = ownData(myDataMessages.onlyYourAccount);
  const path = '/:personId/account-deletion';

  return (
    new Hono<AppEnv>()
      /** What deleting the account takes with it, and whether it is asked for already. */
      .get(path, caller, own, async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await deletionSummary(deps, c.var.caller.personId));
      })
      /**
       * Asks for the deletion: `{alsoDelete}` names exactly the people who
       * need a decision (nobody else could reach their library) whose
       * libraries go too; until each is decided, nothing is asked (409).
       */
      .post(path, caller, own, valid('json', deletionRequestSchema), async (c) => {
        const { ctx, personId, session } = c.var.caller;
        const { alsoDelete } = c.req.valid('json');
        await runChange(deps.zdb, myDataServerChanges.askDeletion, ctx, { personId, alsoDelete });
        const summary = await deletionSummary(deps, personId);
        // Said by e-mail too, so that someone who did not ask finds out in time.
        if (session.user.email && summary.dueAt) {
          const dueAt = new Date(summary.dueAt);
          await deps.mailer
            .send(deletionMail(deps.config.publicUrl, session.user.email, personId, dueAt))
            .catch((e: unknown) =>
              console.error(`api: the deletion mail failed: ${e instanceof Error ? e.message : e}`),
            );
        }
        return c.json(summary);
      })
      /** Keeps the account: the deletion asked for is called off. */
      .delete(path, caller, own, async (c) => {
        const { ctx, personId } = c.var.caller;
        await runChange(deps.zdb, myDataServerChanges.keepAccount, ctx, { personId });
        return c.json(await deletionSummary(deps, personId));
      })
  );
}
