import type { ComponentChildren } from 'preact';
import { useContext, useId, useState } from 'preact/hooks';
import { Avatar } from '@/components/Avatar';
import { ItemRow, NewMark } from '@/components/ItemRow';
import { RelativeTime } from '@/components/RelativeTime';
import { plural, t } from '@/lib/i18n';
import type { MessageGroup, MessageRow } from '@/lib/messages/message-groups-model';
import type { SessionUser } from '@/lib/session/session-model';
import { messageLinks } from './links';
import { MessageItem } from './MessageItem';
import { MessageSentence } from './message-sentence';
import { SearchTerms } from './search-marks';

/**
 * A grouped row ("alice, bob and 3 others followed you", a studio's activity with its count): one
 * sentence, the newest message's time, "New" while its messages are, and a button that opens it
 * into its messages, each a row of its own with its own menu, "New" mark and conversation. While a
 * search is on, the group holds the matching messages only and shows them opened.
 */
export function MessageGroupRow(props: {
  row: MessageGroup;
  member: SessionUser;
  drafts: readonly string[];
  /** A row's menu (a part's, or the group's own), or in the muted fold its unmute buttons. */
  actionsOf: (row: MessageRow) => ComponentChildren;
}) {
  const { row, member } = props;
  const newest = row.messages[0] as MessageGroup['messages'][number];
  const searching = (useContext(SearchTerms)?.terms.length ?? 0) > 0;
  // Not toggled yet: closed, or opened on what a search found.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? searching;
  const id = useId();
  const count = row.messages.length;
  return (
    <ItemRow
      class="message-item message-group"
      isNew={row.unread}
      data={{
        'data-testid': 'message-group',
        'data-kind': row.type,
        'data-count': String(count),
        // As a single row's: the type as sent, the newest message, every message.
        'data-type': row.type,
        'data-message-id': String(newest.id),
        'data-message-ids': row.messages.map((m) => m.id).join(' '),
        'data-unread': row.unread ? 'true' : undefined,
      }}
      avatar={
        <>
          <Avatar src={messageLinks.avatar(newest.actor_id)} name={newest.actor_username} size={32} />
          <span class="group-size" aria-hidden="true">
            {count}
          </span>
        </>
      }
    >
      <p class="item-sentence message-sentence">
        <MessageSentence row={row} me={member.username} />
      </p>
      <p class="message-meta">
        <RelativeTime time={newest.datetime_created} />
        {row.unread && <NewMark text={t('messagesTab.unreadMark')} />}
        <button
          type="button"
          class="text-button thread-toggle"
          data-testid="group-toggle"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setToggled(!open)}
        >
          {open ? t('messageGroups.hide') : plural('messageGroups.show', count)}
        </button>
        {props.actionsOf(row)}
      </p>
      {open && (
        <ul id={id} class="item-list message-parts">
          {row.messages.map((message) => {
            const part: MessageRow = { kind: 'single', message, unread: row.unread };
            return (
              <MessageItem
                key={message.id}
                row={part}
                member={member}
                drafts={props.drafts}
                actions={props.actionsOf(part)}
              />
            );
          })}
        </ul>
      )}
    </ItemRow>
  );
}
