/**
 * Shows one of Companion's desktop notifications: the extension's icon, a title and a line. Its id
 * carries the page a click opens (./notification-clicks.ts).
 */
export async function showNotification(
  id: string,
  content: { title: string; message: string },
): Promise<void> {
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: content.title,
    message: content.message,
  });
}
