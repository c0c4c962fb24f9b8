/**
 * The site's sentence for each message (docs/site-reference.md, "Messages page"), with its links; a
 * group's as one sentence ("A, B and 3 others loved your project P", "A and B followed you", a
 * studio's activity or a forum topic's posts with their count).
 */
import type { ComponentChild } from 'preact';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { plural, t } from '@/lib/i18n';
import type { MessageGroup, MessageRow } from '@/lib/messages/message-groups-model';
import type { Message } from '@/lib/messages/messages-model';
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

/** A group's sentence: who (the two newest, and how many others) did what, or what and how often. */
function grouped(row: MessageGroup, me: string): ComponentChild {
  const count = row.messages.length;
  const about = row.about ?? { id: 0, title: '' };
  const { type } = row;
  if (type === 'studioactivity') {
    return sentence(plural('messageGroups.studioactivity', count, m(1)), [
      <SiteLink href={messageLinks.studioActivity(about.id)} text={<Marked text={about.title} />} />,
    ]);
  }
  if (type === 'forumpost') {
    return sentence(plural('messageGroups.forumpost', count, m(1)), [
      <SiteLink href={messageLinks.forumTopic(about.id)} text={<Marked text={about.title} />} />,
    ]);
  }
  const [first, second] = row.actors as [string, string];
  // The same person several times (remixes, a follow again): one sentence about them.
  if (row.actors.length === 1) return single(row.messages[0] as Message, me);
  const people = [user(first), user(second)];
  const others = row.actors.length - 2;
  if (type === 'followuser') {
    return others === 0
      ? sentence(t('messageGroups.pair.followuser', m(2)), people)
      : sentence(plural('messageGroups.grouped.followuser', others, m(2)), people);
  }
  const parts = [...people, project(about.id, about.title)];
  return others === 0
    ? sentence(t(`messagesTab.pair.${type}`, m(3)), parts)
    : sentence(plural(`messagesTab.grouped.${type}`, others, m(3)), parts);
}

/** The row's sentence: one message, or a group's. */
export function MessageSentence({ row, me }: { row: MessageRow; me: string }) {
  return <>{row.kind === 'single' ? single(row.message, me) : grouped(row, me)}</>;
}
