/**
 * A one-page profile as it is laid out (sync/profile.ts layOut): the person's
 * name and photo, the page's title, and its three parts in large type, each
 * preference with its picture. The same sheet on the builder's preview, on a
 * shared link and on paper (web/styles/profile.css prints only the sheet). A
 * description is Markdown, shown by the library's own renderer: the shared
 * link is public, and that renderer drops raw HTML and unsafe link addresses.
 */
import { useMemo } from 'react';
import type { Feeling } from '../../schema/enums.ts';
import type { ProfileView } from '../../sync/profile.ts';
import { profilePageMessages } from '../messages/profile.ts';
import '../styles/profile.css';
import { spoken, useReadAloud } from '../hooks/use-read-aloud.ts';
import { FeelingIcon } from './feeling-icon.tsx';
import { feelingLine } from './feeling-line.ts';
import { Markdown } from './markdown.tsx';
import { ReadAloudButton } from './read-aloud.tsx';

const t = profilePageMessages;

export function ProfileSheet({
  view,
  pictureOf,
  headingLevel = 1,
  easy = false,
}: {
  view: ProfileView;
  /** The address of a picture (a preference's hero, the person's photo). */
  pictureOf: (mediaId: string) => string;
  /** 1 on a page of its own, 2 inside the builder. */
  headingLevel?: 1 | 2;
  /** Easy read (the person's own preview): each item its picture or feeling at 96 px, and its feeling in words. */
  easy?: boolean;
}) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Part = headingLevel === 1 ? 'h2' : 'h3';
  const parts = useMemo(
    () => [
      { key: 'title', text: `${view.person.name}. ${view.title}` },
      ...view.sections.flatMap((s) => [
        { key: s.section, text: t.sections[s.section] },
        ...s.items.map((i) => ({
          key: i.id,
          text: [
            i.title,
            easy ? feelingLine(i.feeling as Feeling | null, null) : '',
            spoken(i.description ?? ''),
          ]
            .filter(Boolean)
            .join('. '),
        })),
      ]),
    ],
    [view, easy],
  );
  const reader = useReadAloud(parts);
  const now = (key: string) => (reader.current === key ? 'read-now' : undefined);
  return (
    <article
      className={easy ? 'profile-sheet easy-sheet' : 'profile-sheet'}
      aria-label={t.pageOf(view.person.name)}
    >
      <header className="profile-head">
        {view.person.photoId ? (
          <img
            className="profile-photo"
            src={pictureOf(view.person.photoId)}
            alt={t.photoOf(view.person.name)}
          />
        ) : null}
        <div className={now('title')}>
          <p className="profile-name">{view.person.name}</p>
          <Title className="profile-title">{view.title}</Title>
        </div>
      </header>
      {reader.supported ? (
        <div className="actions">
          <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={view.title} />
        </div>
      ) : null}
      {view.includeRestricted ? <p className="profile-warning">{t.restrictedWarning}</p> : null}
      {view.sections.map((s) => (
        <section key={s.section} className={`profile-part profile-${s.section.toLowerCase()}`}>
          <Part className={now(s.section)}>{t.sections[s.section]}</Part>
          {s.items.length === 0 ? (
            <p className="status">{t.emptySection}</p>
          ) : (
            <ul>
              {s.items.map((i) => (
                <li key={i.id} className={`profile-item ${now(i.id) ?? ''}`.trim()}>
                  {i.heroMediaId ? (
                    <img
                      className={easy ? 'easy-picture' : undefined}
                      src={pictureOf(i.heroMediaId)}
                      alt=""
                    />
                  ) : easy && i.feeling ? (
                    <span className="easy-picture" aria-hidden="true">
                      <FeelingIcon feeling={i.feeling as Feeling} size="96px" />
                    </span>
                  ) : null}
                  <div>
                    <p className="profile-item-title">
                      {!easy && i.feeling && i.feeling !== 'Other' ? (
                        <FeelingIcon feeling={i.feeling as Feeling} />
                      ) : null}{' '}
                      {i.title}
                    </p>
                    {easy && i.feeling ? (
                      <p className="easy-feeling">{feelingLine(i.feeling as Feeling, null)}</p>
                    ) : null}
                    {i.description ? (
                      <Markdown
                        className="profile-description"
                        text={i.description}
                        under={headingLevel + 1}
                      />
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
