/**
 * Shows one of Companion's desktop notifications: the extension's icon, a title and a line, and the
 * buttons given (Chrome shows up to two; pass none for Firefox, which shows none). Its id carries the
 * page a click opens (./notification-clicks.ts).
 */
export async function showNotification(
  id: string,
  content: { title: string; message: string },
  buttons?: readonly { title: string }[],
): Promise<void> {
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: content.title,
    message: content.message,
    ...(buttons === undefined || buttons.length === 0
      ? {}
      : { buttons: buttons.map(({ title }) => ({ title })) }),
  });
}
