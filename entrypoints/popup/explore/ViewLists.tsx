import { useState } from 'preact/hooks';
import { TabBar, type TabBarItem, TabPanel } from '@/components/TabBar';
import type { ListSource } from '@/lib/explore/explore-model';
import { t } from '@/lib/i18n';
import { useList, useMore } from './explore-data';
import { ItemList } from './ListView';

/**
 * A view's lists under a segmented tab bar (a project's remixes and studios, a person's projects,
 * favorites and people): the list chosen, read on as the member scrolls, and its page on the site.
 */
export function ViewLists<N extends string>(props: {
  uid: string;
  tabs: readonly TabBarItem<N>[];
  first: N;
  sourceOf: (name: N) => ListSource;
  empty: (name: N) => string;
  moreHref: (name: N) => string;
}) {
  const [selected, setSelected] = useState<N>(props.first);
  const source = props.sourceOf(selected);
  const list = useList(source);
  const more = useMore(source);
  return (
    <>
      <TabBar<N>
        group={`${props.uid}-lists`}
        class="segmented"
        label={t('explore.user.listsLabel')}
        tabs={props.tabs}
        selected={selected}
        onSelect={setSelected}
      />
      <TabPanel group={`${props.uid}-lists`} name={selected} class="x-list-panel">
        <ItemList
          list={list}
          onMore={more}
          empty={props.empty(selected)}
          moreHref={props.moreHref(selected)}
        />
      </TabPanel>
    </>
  );
}
