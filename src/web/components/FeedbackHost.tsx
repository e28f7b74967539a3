import { useEffect, useRef } from 'react';
import { Modal, message } from 'antd';
import type { FeedbackItem } from './feedback';

/** Renders queued toasts (antd message) and notices (antd Modal.info) with the app's theme and locale. */
export default function FeedbackHost({ queue, onConsumed }: { queue: FeedbackItem[]; onConsumed: (ids: number[]) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  const shown = useRef(new Set<number>());

  useEffect(() => {
    const fresh = queue.filter((i) => !shown.current.has(i.id));
    if (fresh.length === 0) return;
    for (const item of fresh) {
      shown.current.add(item.id);
      if (item.type === 'toast') {
        void messageApi.open({ type: item.kind, content: item.text, duration: 3 });
      } else {
        modalApi.info({ title: item.notice.title, content: item.notice.content, okText: item.notice.okText, centered: true });
      }
    }
    onConsumed(fresh.map((i) => i.id));
  }, [queue, messageApi, modalApi, onConsumed]);

  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
