/**
 * The actions under an item on its own page, a note or a media item of a
 * preference: Edit and Delete for someone who may write, and the way back to
 * the preference for everyone.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { DeleteConfirm, type DeleteTexts } from './destructive-confirm.tsx';
import { BackToPreference } from './preference-common.tsx';

export function ItemActions({
  kind,
  personId,
  preferenceId,
  id,
  name,
  texts,
  canWrite,
  remove,
  afterRemove,
}: {
  /** Which of the preference's items: its edit page is `…/{kind}/{id}/edit`. */
  kind: 'media' | 'notes';
  personId: string;
  preferenceId: string;
  id: string;
  /** The item's name in the delete confirmation. */
  name: string;
  texts: DeleteTexts & { edit: string; backToPreference: string };
  canWrite: boolean;
  remove: () => Promise<void>;
  afterRemove: () => void;
}) {
  return (
    <div className="actions">
      {canWrite ? (
        <>
          <Link
            className="button"
            to={
              kind === 'media'
                ? '/people/$personId/preferences/$preferenceId/media/$id/edit'
                : '/people/$personId/preferences/$preferenceId/notes/$id/edit'
            }
            params={{ personId, preferenceId, id }}
            search={{ isFromView: true }}
          >
            {texts.edit}
          </Link>
          <DeleteConfirm texts={texts} name={name} action={remove} afterDestroy={afterRemove} />
        </>
      ) : null}
      <BackToPreference
        personId={personId}
        preferenceId={preferenceId}
        label={texts.backToPreference}
      />
    </div>
  );
}

/**
 * Where an item's edit page goes when it is done (replacing itself in the
 * history): back to the item when the edit was opened from it (`isFromView`),
 * else to the preference.
 */
export function useLeaveEdit(
  kind: 'media' | 'notes',
  params: { personId: string; preferenceId: string; id: string },
  isFromView: boolean | undefined,
) {
  const navigate = useNavigate();
  const { personId, preferenceId } = params;
  return () =>
    isFromView
      ? navigate({
          to:
            kind === 'media'
              ? '/people/$personId/preferences/$preferenceId/media/$id'
              : '/people/$personId/preferences/$preferenceId/notes/$id',
          params,
          replace: true,
        })
      : navigate({
          to: '/people/$personId/preferences/$preferenceId',
          params: { personId, preferenceId },
          replace: true,
        });
}
