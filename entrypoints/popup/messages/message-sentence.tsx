/**
 * The site's sentence for each message (docs/site-reference.md, "Messages page"), with its links; grouped
 * loves, favorites and remixes as one sentence ("A, B and 3 others loved your project P").
 */
import type { ComponentChild } from 'preact';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { plural, t } from '@/lib/i18n';
import type { Message, MessageRow } from '@/lib/messages/messages-model';
import { messageLinks } from './links';
import { Marked } from './search-marks';

const user = (username: string) => (
  <SiteLink href={messageLinks.user(username)} text={<Marked text={username} />} class="user-link" />
);
const project = (id: number, title: string) => (
  <SiteLink href={messageLinks.project(id)} text={<Marked text={title} />} />
);
const studio = (id: number, title: string) => (
  <SiteLink href={messageLinks.studio(id)} text={<Marked text={title} />} />
);

/** A message read with markers for its parts (see Sentence). */
function sentence(message: string, parts: ComponentChild[]) {
  return <Sentence message={message} parts={parts} />;
}
const m = sentenceMarkers;

function single(message: Message, me: string): ComponentChild {
  const actor = user(message.actor_username);
  switch (message.type) {
    case 'followuser':
      return sentence(t('messages.followuser', m(1)), [actor]);
    case 'loveproject':
      // The site's words; the notification's sentence (messages.loveproject) quotes the title as plain text.
      return sentence(t('messagesTab.sentences.loveproject', m(2)), [
        actor,
        project(message.project_id, message.title ?? message.project_title ?? ''),
      ]);
    case 'favoriteproject':
      return sentence(t('messagesTab.sentences.favoriteproject', m(2)), [
        actor,
        project(message.project_id, message.project_title ?? message.title ?? ''),
      ]);
    case 'remixproject':
      return sentence(t('messagesTab.sentences.remixproject', m(3)), [
        actor,
        project(message.parent_id, message.parent_title),
        project(message.project_id, message.title),
      ]);
    case 'addcomment': {
      const replied = message.commentee_username === me;
      if (message.comment_type === 0) {
        const where = project(message.comment_obj_id, message.comment_obj_title);
        const key = replied ? 'messagesTab.sentences.replyProject' : 'messagesTab.sentences.commentProject';
        return sentence(t(key, m(2)), [actor, where]);
      }
      if (message.comment_type === 1) {
        const owner = message.comment_obj_title;
        const text =
          owner === me
            ? t('messagesTab.sentences.yourProfile')
            : t('messagesTab.sentences.profileOf', [owner]);
        const where = <SiteLink href={messageLinks.user(owner)} text={<Marked text={text} />} />;
        const key = replied ? 'messagesTab.sentences.replyProfile' : 'messagesTab.sentences.commentProfile';
        return sentence(t(key, m(2)), [actor, where]);
      }
      return sentence(t('messagesTab.sentences.replyStudio', m(2)), [
        actor,
        studio(message.comment_obj_id, message.comment_obj_title),
      ]);
    }
    case 'curatorinvite':
      return sentence(t('messagesTab.sentences.curatorinvite', m(3)), [
        actor,
        studio(message.gallery_id, message.title ?? message.gallery_title ?? ''),
        <SiteLink
          href={messageLinks.curators(message.gallery_id)}
          text={t('messagesTab.sentences.curatorTab')}
        />,
      ]);
    case 'becomeownerstudio':
      return sentence(t('messagesTab.sentences.becomeownerstudio', m(2)), [
        actor,
        studio(message.gallery_id, message.gallery_title ?? message.title ?? ''),
      ]);
    case 'becomehoststudio': {
      // The site names no one when the Scratch Team made the change.
      const byTeam = Boolean((message as { admin_actor?: unknown }).admin_actor);
      return sentence(t('messagesTab.sentences.becomehoststudio', m(2)), [
        byTeam ? t('messagesTab.sentences.scratchTeam') : actor,
        studio(message.gallery_id, message.gallery_title ?? message.title ?? ''),
      ]);
    }
    case 'studioactivity':
      return sentence(t('messagesTab.sentences.studioactivity', m(1)), [
        <SiteLink
          href={messageLinks.studioActivity(message.gallery_id)}
          text={<Marked text={message.title ?? message.gallery_title ?? ''} />}
        />,
      ]);
    case 'forumpost':
      return sentence(t('messagesTab.sentences.forumpost', m(1)), [
        <SiteLink
          href={messageLinks.forumTopic(message.topic_id)}
          text={<Marked text={message.topic_title} />}
        />,
      ]);
    case 'userjoin':
      return t('messagesTab.sentences.userjoin');
    default: {
      // A kind Companion does not know: what it names (a project, a studio, a forum topic), linked.
      const about = message.about;
      return about
        ? sentence(t('messagesTab.sentences.otherAbout', m(2)), [
            actor,
            <SiteLink href={messageLinks[about.kind](about.id)} text={<Marked text={about.title} />} />,
          ])
        : sentence(t('messagesTab.sentences.other', m(1)), [actor]);
    }
  }
}

/** The row's sentence: one message, or a group of loves, favorites or remixes of one project. */
export function MessageSentence({ row, me }: { row: MessageRow; me: string }) {
  if (row.kind === 'single') return <>{single(row.message, me)}</>;
  const where = project(row.projectId, row.projectTitle);
  const [first, second] = row.actors as [string, string];
  if (row.actors.length === 1) {
    // The same person several times (remixes): one sentence about them.
    return <>{single(row.messages[0] as Message, me)}</>;
  }
  if (row.actors.length === 2) {
    return sentence(t(`messagesTab.pair.${row.type}`, m(3)), [user(first), user(second), where]);
  }
  return sentence(plural(`messagesTab.grouped.${row.type}`, row.actors.length - 2, m(3)), [
    user(first),
    user(second),
    where,
  ]);
}
